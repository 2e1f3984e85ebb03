;; Nearest-centroid scan of the CASPER-SI evaluator (src/slices/_objectives.ts), WebAssembly SIMD.
;; Hand-written in flat WAT; scripts/wasm/assemble.ts turns it into the bytes embedded in
;; src/slices/_centroidScanWasm.ts (npx tsx scripts/wasm/assemble.ts).
;;
;; scan(nr, m, c, near, nid, sid, endp): slots 0..m-1 hold centroids of 12 f64 each (96 bytes
;; apart from byte c; coordinates 0..10, lane 11 and unused coordinates zero), the nearest
;; squared distance so far (f64 at near + 8 y), its slice id (i32 at nid + 4 y) and the slot's
;; slice id (i32 at sid + 4 y). For each redo slot x < nr (end slot at endp + 4 x), every later
;; slot y < m is measured: the smaller distance becomes slot x's nearest (strict <, in slot
;; order), and for y < end a distance below slot y's nearest becomes slot y's nearest with
;; slot x's slice id. The distance is squaredEuclideanAt's sum bit for bit: lanes (0, 1) and
;; (4, 5) give s0, s1, lanes (2, 3) and (6, 7) give s2, s3, combined as (s0 + s1) + (s2 + s3),
;; then coordinates 8, 9, 10 added one by one (zero coordinates add +0, which changes no sum).
;; Needs nr >= 1 and nr <= m.
(module
  (memory (export "memory") 1)
  (func (export "scan")
    (param $nr i32) (param $m i32) (param $c i32) (param $near i32) (param $nid i32) (param $sid i32) (param $endp i32)
    (local $x i32)
    (local $y i32)
    (local $ao i32)
    (local $bo i32)
    (local $end i32)
    (local $s i32)
    (local $bestId i32)
    (local $best f64)
    (local $v f64)
    (local $a10 f64)
    (local $e f64)
    (local $a0 v128)
    (local $a1 v128)
    (local $a2 v128)
    (local $a3 v128)
    (local $a4 v128)
    (local $d0 v128)
    (local $d1 v128)
    (local $d2 v128)
    (local $d3 v128)
    (local $d4 v128)
    (local $lo v128)
    (local $hi v128)
    i32.const 0
    local.set $x
    loop $X
      ;; ao = c + 96 x
      local.get $c
      local.get $x
      i32.const 96
      i32.mul
      i32.add
      local.tee $ao
      v128.load
      local.set $a0
      local.get $ao
      v128.load offset=16
      local.set $a1
      local.get $ao
      v128.load offset=32
      local.set $a2
      local.get $ao
      v128.load offset=48
      local.set $a3
      local.get $ao
      v128.load offset=64
      local.set $a4
      local.get $ao
      f64.load offset=80
      local.set $a10
      ;; best, bestId = slot x's nearest so far; s = its slice; end = its end slot
      local.get $near
      local.get $x
      i32.const 3
      i32.shl
      i32.add
      f64.load
      local.set $best
      local.get $nid
      local.get $x
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $bestId
      local.get $sid
      local.get $x
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $s
      local.get $endp
      local.get $x
      i32.const 2
      i32.shl
      i32.add
      i32.load
      local.set $end
      local.get $x
      i32.const 1
      i32.add
      local.tee $y
      local.get $m
      i32.lt_u
      if
        loop $Y
          local.get $c
          local.get $y
          i32.const 96
          i32.mul
          i32.add
          local.tee $bo
          v128.load
          local.set $d0
          local.get $a0
          local.get $d0
          f64x2.sub
          local.set $d0
          local.get $a1
          local.get $bo
          v128.load offset=16
          f64x2.sub
          local.set $d1
          local.get $a2
          local.get $bo
          v128.load offset=32
          f64x2.sub
          local.set $d2
          local.get $a3
          local.get $bo
          v128.load offset=48
          f64x2.sub
          local.set $d3
          local.get $a4
          local.get $bo
          v128.load offset=64
          f64x2.sub
          local.set $d4
          ;; lo = (e0^2 + e4^2, e1^2 + e5^2), hi = (e2^2 + e6^2, e3^2 + e7^2)
          local.get $d0
          local.get $d0
          f64x2.mul
          local.get $d2
          local.get $d2
          f64x2.mul
          f64x2.add
          local.set $lo
          local.get $d1
          local.get $d1
          f64x2.mul
          local.get $d3
          local.get $d3
          f64x2.mul
          f64x2.add
          local.set $hi
          ;; v = (s0 + s1) + (s2 + s3)
          local.get $lo
          f64x2.extract_lane 0
          local.get $lo
          f64x2.extract_lane 1
          f64.add
          local.get $hi
          f64x2.extract_lane 0
          local.get $hi
          f64x2.extract_lane 1
          f64.add
          f64.add
          local.set $v
          ;; the tail: v += e8^2; v += e9^2; v += e10^2
          local.get $d4
          local.get $d4
          f64x2.mul
          local.set $d4
          local.get $v
          local.get $d4
          f64x2.extract_lane 0
          f64.add
          local.get $d4
          f64x2.extract_lane 1
          f64.add
          local.get $a10
          local.get $bo
          f64.load offset=80
          f64.sub
          local.tee $e
          local.get $e
          f64.mul
          f64.add
          local.set $v
          ;; slot x's nearest
          local.get $v
          local.get $best
          f64.lt
          if
            local.get $v
            local.set $best
            local.get $sid
            local.get $y
            i32.const 2
            i32.shl
            i32.add
            i32.load
            local.set $bestId
          end
          ;; slot y's nearest (y < end)
          local.get $y
          local.get $end
          i32.lt_u
          if
            local.get $v
            local.get $near
            local.get $y
            i32.const 3
            i32.shl
            i32.add
            f64.load
            f64.lt
            if
              local.get $near
              local.get $y
              i32.const 3
              i32.shl
              i32.add
              local.get $v
              f64.store
              local.get $nid
              local.get $y
              i32.const 2
              i32.shl
              i32.add
              local.get $s
              i32.store
            end
          end
          local.get $y
          i32.const 1
          i32.add
          local.tee $y
          local.get $m
          i32.lt_u
          br_if $Y
        end
      end
      local.get $near
      local.get $x
      i32.const 3
      i32.shl
      i32.add
      local.get $best
      f64.store
      local.get $nid
      local.get $x
      i32.const 2
      i32.shl
      i32.add
      local.get $bestId
      i32.store
      local.get $x
      i32.const 1
      i32.add
      local.tee $x
      local.get $nr
      i32.lt_u
      br_if $X
    end
  )
)
