;; Nearest-neighbour scan of the DSA kernel (src/features/_nearest.ts), WebAssembly SIMD.
;; Hand-written in flat WAT; scripts/wasm/assemble.ts turns it into the bytes embedded in
;; src/features/_nearestWasm.ts (npx tsx scripts/wasm/assemble.ts).
;;
;; scan(q, nqt, t, g0, g1, nrm, best, arg, d): for each tile of 4 query rows (row-major, d f64
;; per row, tile it at q + it * 32 d) and each quad g in [g0, g1) of training rows (interleaved:
;; quad g at t + 32 d g holds x[4g + l][k] at byte 32 k + 8 l), computes the 16 dot products
;; with k ascending in each lane (the same sums as a sequential scalar loop), then
;; e = norm - (dot + dot) with the quad's squared norms at nrm + 32 g, and keeps per query the
;; smallest e (best, f64 at best + 8 i) and its training position (arg, i32 at arg + 4 i);
;; strict < in lane order, so the first position wins ties. Needs nqt >= 1, g1 > g0, d >= 1.
(module
  (memory (export "memory") 1)
  (func (export "scan")
    (param $q i32) (param $nqt i32) (param $t i32) (param $g0 i32) (param $g1 i32)
    (param $nrm i32) (param $best i32) (param $arg i32) (param $d i32)
    (local $it i32)
    (local $rowb i32)
    (local $qa i32)
    (local $q1 i32)
    (local $q2 i32)
    (local $q3 i32)
    (local $tp i32)
    (local $g i32)
    (local $qo i32)
    (local $j0 i32)
    (local $j1 i32)
    (local $j2 i32)
    (local $j3 i32)
    (local $gi i32)
    (local $b0 f64)
    (local $b1 f64)
    (local $b2 f64)
    (local $b3 f64)
    (local $e f64)
    (local $vb0 v128)
    (local $vb1 v128)
    (local $vb2 v128)
    (local $vb3 v128)
    (local $a00 v128)
    (local $a01 v128)
    (local $a10 v128)
    (local $a11 v128)
    (local $a20 v128)
    (local $a21 v128)
    (local $a30 v128)
    (local $a31 v128)
    (local $v01 v128)
    (local $v23 v128)
    (local $s v128)
    (local $e0 v128)
    (local $e1 v128)
    (local $n01 v128)
    (local $n23 v128)
    ;; rowb = bytes per query row
    local.get $d
    i32.const 3
    i32.shl
    local.set $rowb
    i32.const 0
    local.set $it
    loop $tiles
      ;; qa = q + it * 4 * rowb; q1..q3 the next rows
      local.get $q
      local.get $it
      local.get $rowb
      i32.mul
      i32.const 2
      i32.shl
      i32.add
      local.tee $qa
      local.get $rowb
      i32.add
      local.tee $q1
      local.get $rowb
      i32.add
      local.tee $q2
      local.get $rowb
      i32.add
      local.set $q3
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      f64.load offset=0
      local.tee $b0
      f64x2.splat
      local.set $vb0
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      i32.load offset=0
      local.set $j0
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      f64.load offset=8
      local.tee $b1
      f64x2.splat
      local.set $vb1
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      i32.load offset=4
      local.set $j1
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      f64.load offset=16
      local.tee $b2
      f64x2.splat
      local.set $vb2
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      i32.load offset=8
      local.set $j2
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      f64.load offset=24
      local.tee $b3
      f64x2.splat
      local.set $vb3
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      i32.load offset=12
      local.set $j3
      local.get $g0
      local.set $g
      loop $quads
        ;; tp = t + g * 32 d
        local.get $t
        local.get $g
        local.get $rowb
        i32.mul
        i32.const 2
        i32.shl
        i32.add
        local.set $tp
        v128.const i64x2 0 0
        local.set $a00
        v128.const i64x2 0 0
        local.set $a01
        v128.const i64x2 0 0
        local.set $a10
        v128.const i64x2 0 0
        local.set $a11
        v128.const i64x2 0 0
        local.set $a20
        v128.const i64x2 0 0
        local.set $a21
        v128.const i64x2 0 0
        local.set $a30
        v128.const i64x2 0 0
        local.set $a31
        i32.const 0
        local.set $qo
        loop $dims
          local.get $tp
          v128.load
          local.set $v01
          local.get $tp
          v128.load offset=16
          local.set $v23
          local.get $qa
          local.get $qo
          i32.add
          v128.load64_splat
          local.set $s
          local.get $a00
          local.get $s
          local.get $v01
          f64x2.mul
          f64x2.add
          local.set $a00
          local.get $a01
          local.get $s
          local.get $v23
          f64x2.mul
          f64x2.add
          local.set $a01
          local.get $q1
          local.get $qo
          i32.add
          v128.load64_splat
          local.set $s
          local.get $a10
          local.get $s
          local.get $v01
          f64x2.mul
          f64x2.add
          local.set $a10
          local.get $a11
          local.get $s
          local.get $v23
          f64x2.mul
          f64x2.add
          local.set $a11
          local.get $q2
          local.get $qo
          i32.add
          v128.load64_splat
          local.set $s
          local.get $a20
          local.get $s
          local.get $v01
          f64x2.mul
          f64x2.add
          local.set $a20
          local.get $a21
          local.get $s
          local.get $v23
          f64x2.mul
          f64x2.add
          local.set $a21
          local.get $q3
          local.get $qo
          i32.add
          v128.load64_splat
          local.set $s
          local.get $a30
          local.get $s
          local.get $v01
          f64x2.mul
          f64x2.add
          local.set $a30
          local.get $a31
          local.get $s
          local.get $v23
          f64x2.mul
          f64x2.add
          local.set $a31
          local.get $tp
          i32.const 32
          i32.add
          local.set $tp
          local.get $qo
          i32.const 8
          i32.add
          local.tee $qo
          local.get $rowb
          i32.lt_u
          br_if $dims
        end
        ;; squared norms of the quad, and gi = 4 g, its first position
        local.get $nrm
        local.get $g
        i32.const 5
        i32.shl
        i32.add
        local.tee $tp
        v128.load
        local.set $n01
        local.get $tp
        v128.load offset=16
        local.set $n23
        local.get $g
        i32.const 2
        i32.shl
        local.set $gi
        ;; query 0: e = norm - (dot + dot); lanes compared one by one only when one beats the best
        local.get $n01
        local.get $a00
        local.get $a00
        f64x2.add
        f64x2.sub
        local.tee $e0
        local.get $vb0
        f64x2.lt
        local.get $n23
        local.get $a01
        local.get $a01
        f64x2.add
        f64x2.sub
        local.tee $e1
        local.get $vb0
        f64x2.lt
        v128.or
        v128.any_true
        if
          local.get $e0
          f64x2.extract_lane 0
          local.tee $e
          local.get $b0
          f64.lt
          if
            local.get $e
            local.set $b0
            local.get $gi
            local.set $j0
          end
          local.get $e0
          f64x2.extract_lane 1
          local.tee $e
          local.get $b0
          f64.lt
          if
            local.get $e
            local.set $b0
            local.get $gi
            i32.const 1
            i32.add
            local.set $j0
          end
          local.get $e1
          f64x2.extract_lane 0
          local.tee $e
          local.get $b0
          f64.lt
          if
            local.get $e
            local.set $b0
            local.get $gi
            i32.const 2
            i32.add
            local.set $j0
          end
          local.get $e1
          f64x2.extract_lane 1
          local.tee $e
          local.get $b0
          f64.lt
          if
            local.get $e
            local.set $b0
            local.get $gi
            i32.const 3
            i32.add
            local.set $j0
          end
          local.get $b0
          f64x2.splat
          local.set $vb0
        end
        ;; query 1: e = norm - (dot + dot); lanes compared one by one only when one beats the best
        local.get $n01
        local.get $a10
        local.get $a10
        f64x2.add
        f64x2.sub
        local.tee $e0
        local.get $vb1
        f64x2.lt
        local.get $n23
        local.get $a11
        local.get $a11
        f64x2.add
        f64x2.sub
        local.tee $e1
        local.get $vb1
        f64x2.lt
        v128.or
        v128.any_true
        if
          local.get $e0
          f64x2.extract_lane 0
          local.tee $e
          local.get $b1
          f64.lt
          if
            local.get $e
            local.set $b1
            local.get $gi
            local.set $j1
          end
          local.get $e0
          f64x2.extract_lane 1
          local.tee $e
          local.get $b1
          f64.lt
          if
            local.get $e
            local.set $b1
            local.get $gi
            i32.const 1
            i32.add
            local.set $j1
          end
          local.get $e1
          f64x2.extract_lane 0
          local.tee $e
          local.get $b1
          f64.lt
          if
            local.get $e
            local.set $b1
            local.get $gi
            i32.const 2
            i32.add
            local.set $j1
          end
          local.get $e1
          f64x2.extract_lane 1
          local.tee $e
          local.get $b1
          f64.lt
          if
            local.get $e
            local.set $b1
            local.get $gi
            i32.const 3
            i32.add
            local.set $j1
          end
          local.get $b1
          f64x2.splat
          local.set $vb1
        end
        ;; query 2: e = norm - (dot + dot); lanes compared one by one only when one beats the best
        local.get $n01
        local.get $a20
        local.get $a20
        f64x2.add
        f64x2.sub
        local.tee $e0
        local.get $vb2
        f64x2.lt
        local.get $n23
        local.get $a21
        local.get $a21
        f64x2.add
        f64x2.sub
        local.tee $e1
        local.get $vb2
        f64x2.lt
        v128.or
        v128.any_true
        if
          local.get $e0
          f64x2.extract_lane 0
          local.tee $e
          local.get $b2
          f64.lt
          if
            local.get $e
            local.set $b2
            local.get $gi
            local.set $j2
          end
          local.get $e0
          f64x2.extract_lane 1
          local.tee $e
          local.get $b2
          f64.lt
          if
            local.get $e
            local.set $b2
            local.get $gi
            i32.const 1
            i32.add
            local.set $j2
          end
          local.get $e1
          f64x2.extract_lane 0
          local.tee $e
          local.get $b2
          f64.lt
          if
            local.get $e
            local.set $b2
            local.get $gi
            i32.const 2
            i32.add
            local.set $j2
          end
          local.get $e1
          f64x2.extract_lane 1
          local.tee $e
          local.get $b2
          f64.lt
          if
            local.get $e
            local.set $b2
            local.get $gi
            i32.const 3
            i32.add
            local.set $j2
          end
          local.get $b2
          f64x2.splat
          local.set $vb2
        end
        ;; query 3: e = norm - (dot + dot); lanes compared one by one only when one beats the best
        local.get $n01
        local.get $a30
        local.get $a30
        f64x2.add
        f64x2.sub
        local.tee $e0
        local.get $vb3
        f64x2.lt
        local.get $n23
        local.get $a31
        local.get $a31
        f64x2.add
        f64x2.sub
        local.tee $e1
        local.get $vb3
        f64x2.lt
        v128.or
        v128.any_true
        if
          local.get $e0
          f64x2.extract_lane 0
          local.tee $e
          local.get $b3
          f64.lt
          if
            local.get $e
            local.set $b3
            local.get $gi
            local.set $j3
          end
          local.get $e0
          f64x2.extract_lane 1
          local.tee $e
          local.get $b3
          f64.lt
          if
            local.get $e
            local.set $b3
            local.get $gi
            i32.const 1
            i32.add
            local.set $j3
          end
          local.get $e1
          f64x2.extract_lane 0
          local.tee $e
          local.get $b3
          f64.lt
          if
            local.get $e
            local.set $b3
            local.get $gi
            i32.const 2
            i32.add
            local.set $j3
          end
          local.get $e1
          f64x2.extract_lane 1
          local.tee $e
          local.get $b3
          f64.lt
          if
            local.get $e
            local.set $b3
            local.get $gi
            i32.const 3
            i32.add
            local.set $j3
          end
          local.get $b3
          f64x2.splat
          local.set $vb3
        end
        local.get $g
        i32.const 1
        i32.add
        local.tee $g
        local.get $g1
        i32.lt_u
        br_if $quads
      end
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      local.get $b0
      f64.store offset=0
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      local.get $j0
      i32.store offset=0
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      local.get $b1
      f64.store offset=8
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      local.get $j1
      i32.store offset=4
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      local.get $b2
      f64.store offset=16
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      local.get $j2
      i32.store offset=8
      local.get $best
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      local.get $b3
      f64.store offset=24
      local.get $arg
      local.get $it
      i32.const 4
      i32.shl
      i32.add
      local.get $j3
      i32.store offset=12
      local.get $it
      i32.const 1
      i32.add
      local.tee $it
      local.get $nqt
      i32.lt_u
      br_if $tiles
    end
  )
)
