;; Kernel of the LSA log-sum-exp (src/features/_lse.ts), WebAssembly SIMD.
;; Hand-written in flat WAT (its repetitive parts spelled out per query); scripts/wasm/assemble.ts
;; turns it into the bytes embedded in src/features/_lseWasm.ts (npx tsx scripts/wasm/assemble.ts).
;;
;; lse(q, nqt, t, g0, g1, half, hq, mx, sm, d): for each tile of 4 query rows (row-major, d f64
;; per row, tile it at q + it * 32 d) and each quad g in [g0, g1) of training rows (interleaved
;; as in nearest.wat: quad g at t + 32 d g holds w[4g + l][k] at byte 32 k + 8 l), computes the
;; 16 dot products (k ascending in each lane), v = (dot - hq_i) - half_t with the queries' half
;; squared norms at hq + 8 i and the quad's at half + 32 g (+Infinity for padding rows), and
;; updates per query a streaming log-sum-exp: running maximum m (f64 at mx + 8 i) and two
;; partial sums of exp(v - m) (f64x2 at sm + 16 i; lane l sums the quad lanes l and l + 2).
;; When a quad holds a v above a query's m, m becomes the quad's maximum and the sums are
;; rescaled by exp(m_old - m_new) (the imported scalar exp, Math.exp). Terms with
;; v - m <= -37 are masked to 0 (below half an ulp of the sum, which is >= 1); the others use
;; exp(x) = 2^k * p(r), k = round(x / ln 2) by the 2^52 + 1023 shift (whose low bits, shifted
;; left by 52, are the bits of 2^k), r = (x - k ln2_hi) - k ln2_lo (fdlibm's split, |r| <=
;; ln 2 / 2), p the degree-12 Taylor polynomial (truncation below 2e-16 relative) by Horner.
;; A query's four quad lanes are skipped together when all are masked. Needs nqt >= 1,
;; g1 > g0, d >= 1.
(module
  (import "m" "exp" (func $exp (param f64) (result f64)))
  (memory (export "memory") 1)
  (func (export "lse")
    (param $q i32) (param $nqt i32) (param $t i32) (param $g0 i32) (param $g1 i32)
    (param $half i32) (param $hq i32) (param $mx i32) (param $sm i32) (param $d i32)
    (local $it i32)
    (local $rowb i32)
    (local $qa i32)
    (local $q1 i32)
    (local $q2 i32)
    (local $q3 i32)
    (local $tp i32)
    (local $g i32)
    (local $qo i32)
    (local $mp i32)
    (local $sp i32)
    (local $m0 f64)
    (local $m1 f64)
    (local $m2 f64)
    (local $m3 f64)
    (local $nm f64)
    (local $vm0 v128)
    (local $vm1 v128)
    (local $vm2 v128)
    (local $vm3 v128)
    (local $vh0 v128)
    (local $vh1 v128)
    (local $vh2 v128)
    (local $vh3 v128)
    (local $s0 v128)
    (local $s1 v128)
    (local $s2 v128)
    (local $s3 v128)
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
    (local $n01 v128)
    (local $n23 v128)
    (local $mk0 v128)
    (local $mk1 v128)
    (local $x v128)
    (local $k v128)
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
      ;; mp = mx + 32 it (4 maxima), sp = sm + 64 it (4 pairs of sums); hq of the tile at hq + 32 it
      local.get $mx
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      local.set $mp
      local.get $sm
      local.get $it
      i32.const 6
      i32.shl
      i32.add
      local.set $sp
      local.get $mp
      f64.load offset=0
      local.tee $m0
      f64x2.splat
      local.set $vm0
      local.get $sp
      v128.load offset=0
      local.set $s0
      local.get $hq
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      v128.load64_splat offset=0
      local.set $vh0
      local.get $mp
      f64.load offset=8
      local.tee $m1
      f64x2.splat
      local.set $vm1
      local.get $sp
      v128.load offset=16
      local.set $s1
      local.get $hq
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      v128.load64_splat offset=8
      local.set $vh1
      local.get $mp
      f64.load offset=16
      local.tee $m2
      f64x2.splat
      local.set $vm2
      local.get $sp
      v128.load offset=32
      local.set $s2
      local.get $hq
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      v128.load64_splat offset=16
      local.set $vh2
      local.get $mp
      f64.load offset=24
      local.tee $m3
      f64x2.splat
      local.set $vm3
      local.get $sp
      v128.load offset=48
      local.set $s3
      local.get $hq
      local.get $it
      i32.const 5
      i32.shl
      i32.add
      v128.load64_splat offset=24
      local.set $vh3
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
        ;; the quad's half norms; v = (dot - hq) - half, in place of the dot products
        local.get $half
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
        local.get $a00
        local.get $vh0
        f64x2.sub
        local.get $n01
        f64x2.sub
        local.set $a00
        local.get $a01
        local.get $vh0
        f64x2.sub
        local.get $n23
        f64x2.sub
        local.set $a01
        local.get $a10
        local.get $vh1
        f64x2.sub
        local.get $n01
        f64x2.sub
        local.set $a10
        local.get $a11
        local.get $vh1
        f64x2.sub
        local.get $n23
        f64x2.sub
        local.set $a11
        local.get $a20
        local.get $vh2
        f64x2.sub
        local.get $n01
        f64x2.sub
        local.set $a20
        local.get $a21
        local.get $vh2
        f64x2.sub
        local.get $n23
        f64x2.sub
        local.set $a21
        local.get $a30
        local.get $vh3
        f64x2.sub
        local.get $n01
        f64x2.sub
        local.set $a30
        local.get $a31
        local.get $vh3
        f64x2.sub
        local.get $n23
        f64x2.sub
        local.set $a31
        ;; a new maximum for any query of the tile? (rare after the first quads)
        local.get $a00
        local.get $vm0
        f64x2.gt
        local.get $a01
        local.get $vm0
        f64x2.gt
        v128.or
        local.get $a10
        local.get $vm1
        f64x2.gt
        v128.or
        local.get $a11
        local.get $vm1
        f64x2.gt
        v128.or
        local.get $a20
        local.get $vm2
        f64x2.gt
        v128.or
        local.get $a21
        local.get $vm2
        f64x2.gt
        v128.or
        local.get $a30
        local.get $vm3
        f64x2.gt
        v128.or
        local.get $a31
        local.get $vm3
        f64x2.gt
        v128.or
        v128.any_true
        if
          ;; query 0: nm = the quad's maximum; if above m, rescale the sums by exp(m - nm)
          local.get $a00
          f64x2.extract_lane 0
          local.get $a00
          f64x2.extract_lane 1
          f64.max
          local.get $a01
          f64x2.extract_lane 0
          local.get $a01
          f64x2.extract_lane 1
          f64.max
          f64.max
          local.tee $nm
          local.get $m0
          f64.gt
          if
            local.get $s0
            local.get $m0
            local.get $nm
            f64.sub
            call $exp
            f64x2.splat
            f64x2.mul
            local.set $s0
            local.get $nm
            local.tee $m0
            f64x2.splat
            local.set $vm0
          end
          ;; query 1: nm = the quad's maximum; if above m, rescale the sums by exp(m - nm)
          local.get $a10
          f64x2.extract_lane 0
          local.get $a10
          f64x2.extract_lane 1
          f64.max
          local.get $a11
          f64x2.extract_lane 0
          local.get $a11
          f64x2.extract_lane 1
          f64.max
          f64.max
          local.tee $nm
          local.get $m1
          f64.gt
          if
            local.get $s1
            local.get $m1
            local.get $nm
            f64.sub
            call $exp
            f64x2.splat
            f64x2.mul
            local.set $s1
            local.get $nm
            local.tee $m1
            f64x2.splat
            local.set $vm1
          end
          ;; query 2: nm = the quad's maximum; if above m, rescale the sums by exp(m - nm)
          local.get $a20
          f64x2.extract_lane 0
          local.get $a20
          f64x2.extract_lane 1
          f64.max
          local.get $a21
          f64x2.extract_lane 0
          local.get $a21
          f64x2.extract_lane 1
          f64.max
          f64.max
          local.tee $nm
          local.get $m2
          f64.gt
          if
            local.get $s2
            local.get $m2
            local.get $nm
            f64.sub
            call $exp
            f64x2.splat
            f64x2.mul
            local.set $s2
            local.get $nm
            local.tee $m2
            f64x2.splat
            local.set $vm2
          end
          ;; query 3: nm = the quad's maximum; if above m, rescale the sums by exp(m - nm)
          local.get $a30
          f64x2.extract_lane 0
          local.get $a30
          f64x2.extract_lane 1
          f64.max
          local.get $a31
          f64x2.extract_lane 0
          local.get $a31
          f64x2.extract_lane 1
          f64.max
          f64.max
          local.tee $nm
          local.get $m3
          f64.gt
          if
            local.get $s3
            local.get $m3
            local.get $nm
            f64.sub
            call $exp
            f64x2.splat
            f64x2.mul
            local.set $s3
            local.get $nm
            local.tee $m3
            f64x2.splat
            local.set $vm3
          end
        end
        ;; query 0: e = v - m, mask = e > -37
        local.get $a00
        local.get $vm0
        f64x2.sub
        local.tee $a00
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk0
        local.get $a01
        local.get $vm0
        f64x2.sub
        local.tee $a01
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk1
        v128.or
        v128.any_true
        if
          ;; s0 += mask & exp(a00), a00 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a00
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk0
          v128.and
          local.get $s0
          f64x2.add
          local.set $s0
          ;; s0 += mask & exp(a01), a01 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a01
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk1
          v128.and
          local.get $s0
          f64x2.add
          local.set $s0
        end
        ;; query 1: e = v - m, mask = e > -37
        local.get $a10
        local.get $vm1
        f64x2.sub
        local.tee $a10
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk0
        local.get $a11
        local.get $vm1
        f64x2.sub
        local.tee $a11
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk1
        v128.or
        v128.any_true
        if
          ;; s1 += mask & exp(a10), a10 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a10
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk0
          v128.and
          local.get $s1
          f64x2.add
          local.set $s1
          ;; s1 += mask & exp(a11), a11 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a11
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk1
          v128.and
          local.get $s1
          f64x2.add
          local.set $s1
        end
        ;; query 2: e = v - m, mask = e > -37
        local.get $a20
        local.get $vm2
        f64x2.sub
        local.tee $a20
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk0
        local.get $a21
        local.get $vm2
        f64x2.sub
        local.tee $a21
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk1
        v128.or
        v128.any_true
        if
          ;; s2 += mask & exp(a20), a20 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a20
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk0
          v128.and
          local.get $s2
          f64x2.add
          local.set $s2
          ;; s2 += mask & exp(a21), a21 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a21
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk1
          v128.and
          local.get $s2
          f64x2.add
          local.set $s2
        end
        ;; query 3: e = v - m, mask = e > -37
        local.get $a30
        local.get $vm3
        f64x2.sub
        local.tee $a30
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk0
        local.get $a31
        local.get $vm3
        f64x2.sub
        local.tee $a31
        v128.const f64x2 -37.0 -37.0
        f64x2.gt
        local.tee $mk1
        v128.or
        v128.any_true
        if
          ;; s3 += mask & exp(a30), a30 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a30
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk0
          v128.and
          local.get $s3
          f64x2.add
          local.set $s3
          ;; s3 += mask & exp(a31), a31 = v - m <= 0 (clamped below at -708: 2^k stays normal)
          local.get $a31
          v128.const f64x2 -708.0 -708.0
          f64x2.pmax
          local.tee $x
          v128.const f64x2 1.4426950408889634 1.4426950408889634
          f64x2.mul
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.add
          local.tee $k
          v128.const f64x2 4503599627371519.0 4503599627371519.0
          f64x2.sub
          local.set $s
          local.get $x
          local.get $s
          v128.const f64x2 0.6931471803691238 0.6931471803691238
          f64x2.mul
          f64x2.sub
          local.get $s
          v128.const f64x2 1.9082149292705877e-10 1.9082149292705877e-10
          f64x2.mul
          f64x2.sub
          local.set $x
          v128.const f64x2 2.08767569878681e-09 2.08767569878681e-09
          local.get $x
          f64x2.mul
          v128.const f64x2 2.505210838544172e-08 2.505210838544172e-08
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.755731922398589e-07 2.755731922398589e-07
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.7557319223985893e-06 2.7557319223985893e-06
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 2.48015873015873e-05 2.48015873015873e-05
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.0001984126984126984 0.0001984126984126984
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.001388888888888889 0.001388888888888889
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.008333333333333333 0.008333333333333333
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.041666666666666664 0.041666666666666664
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.16666666666666666 0.16666666666666666
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 0.5 0.5
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $x
          f64x2.mul
          v128.const f64x2 1.0 1.0
          f64x2.add
          local.get $k
          i32.const 52
          i64x2.shl
          f64x2.mul
          local.get $mk1
          v128.and
          local.get $s3
          f64x2.add
          local.set $s3
        end
        local.get $g
        i32.const 1
        i32.add
        local.tee $g
        local.get $g1
        i32.lt_u
        br_if $quads
      end
      local.get $mp
      local.get $m0
      f64.store offset=0
      local.get $sp
      local.get $s0
      v128.store offset=0
      local.get $mp
      local.get $m1
      f64.store offset=8
      local.get $sp
      local.get $s1
      v128.store offset=16
      local.get $mp
      local.get $m2
      f64.store offset=16
      local.get $sp
      local.get $s2
      v128.store offset=32
      local.get $mp
      local.get $m3
      f64.store offset=24
      local.get $sp
      local.get $s3
      v128.store offset=48
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
