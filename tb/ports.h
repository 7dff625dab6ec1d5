// ports: move values between Verilator ports of any width and cachegen bit vectors.
// Verilator maps <=8/16/32/64-bit ports to integers and wider ones to VlWide<N> (32-bit words).
// A whole port goes through port_get / port_put only if it fits a bv_t (BV_MAX_BITS, checked
// when the harness compiles); a port wider than that (the system top's per-core ports: 13 CPU
// ports of 64-byte lines are 6,656 bits, 64 L1s of 256-byte lines 131,072) is read and written
// by slices in place (port_slice_get / port_slice_put), each slice at most BV_MAX_BITS.
#ifndef CACHEGEN_TB_PORTS_H
#define CACHEGEN_TB_PORTS_H

#include <cassert>
#include <cstdint>
#include <type_traits>
#include "verilated.h"
extern "C" {
#include "../core/bv.h"
}

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void port_put(T &port, const bv_t &v, unsigned width)
{
    port = static_cast<T>(bv_get(&v, 0, width));
}

// Wide ports are arrays of 32-bit words, bit 0 in word 0: two per 64-bit bv word.
template <std::size_t N>
inline void port_put(VlWide<N> &port, const bv_t &v, unsigned width)
{
    static_assert(N <= 2 * BV_WORDS, "port wider than BV_MAX_BITS: write it by port_slice_put");
    for (std::size_t i = 0; i < N; i++)
        port[i] = (uint32_t)(v.w[i / 2] >> (32 * (i % 2)));
    if (width % 32)
        port[N - 1] &= (1u << (width % 32)) - 1;
}

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void port_get(const T &port, bv_t &v, unsigned width)
{
    bv_zero(&v);
    bv_put(&v, 0, width, (uint64_t)port);
}

template <std::size_t N>
inline void port_get(const VlWide<N> &port, bv_t &v, unsigned width)
{
    static_assert(N <= 2 * BV_WORDS, "port wider than BV_MAX_BITS: read it by port_slice_get");
    (void)width; // Verilator keeps the bits above the port width at zero
    bv_zero(&v);
    for (std::size_t i = 0; i < N; i++)
        v.w[i / 2] |= (uint64_t)port[i] << (32 * (i % 2));
}

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline uint64_t port_u64(const T &port) { return (uint64_t)port; }

// Bits [lsb, lsb + width) of a port (width 1..BV_MAX_BITS, inside the port) into `out`, whose
// other bits are zero.
template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void port_slice_get(const T &port, unsigned lsb, unsigned width, bv_t &out)
{
    assert(width >= 1 && lsb + width <= 8 * sizeof(T));
    bv_zero(&out);
    bv_put(&out, 0, width, (uint64_t)port >> lsb);
}
template <std::size_t N>
inline void port_slice_get(const VlWide<N> &port, unsigned lsb, unsigned width, bv_t &out)
{
    assert(width >= 1 && width <= BV_MAX_BITS && lsb + width <= 32 * N);
    bv_zero(&out);
    for (unsigned i = 0; i < width; i += 32) {
        unsigned n = width - i < 32 ? width - i : 32, wi = (lsb + i) / 32, sh = (lsb + i) % 32;
        uint64_t x = (uint64_t)port[wi] >> sh;
        if (sh && wi + 1 < N)
            x |= (uint64_t)port[wi + 1] << (32 - sh);
        bv_put(&out, i, n, x);
    }
}

// Write the low `width` bits of `val` (1..BV_MAX_BITS) at bit `lsb` of a port; its other bits
// are untouched.
template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline void port_slice_put(T &port, unsigned lsb, unsigned width, const bv_t &val)
{
    assert(width >= 1 && lsb + width <= 8 * sizeof(T));
    uint64_t mask = width == 64 ? ~UINT64_C(0) : (UINT64_C(1) << width) - 1;
    port = static_cast<T>(((uint64_t)port & ~(mask << lsb)) | (bv_get(&val, 0, width) << lsb));
}
template <std::size_t N>
inline void port_slice_put(VlWide<N> &port, unsigned lsb, unsigned width, const bv_t &val)
{
    assert(width >= 1 && width <= BV_MAX_BITS && lsb + width <= 32 * N);
    for (unsigned i = 0; i < width; i += 32) {
        unsigned n = width - i < 32 ? width - i : 32, wi = (lsb + i) / 32, sh = (lsb + i) % 32;
        uint64_t mask = ((UINT64_C(1) << n) - 1) << sh; // sh + n <= 63
        uint64_t cur = port[wi] | (wi + 1 < N ? (uint64_t)port[wi + 1] << 32 : 0);
        cur = (cur & ~mask) | (bv_get(&val, i, n) << sh);
        port[wi] = (uint32_t)cur;
        if (wi + 1 < N)
            port[wi + 1] = (uint32_t)(cur >> 32);
    }
}

#endif
