// ports: move values between Verilator ports of any width and cachegen bit vectors.
// Verilator maps <=8/16/32/64-bit ports to integers and wider ones to VlWide<N> (32-bit words).
#ifndef CACHEGEN_TB_PORTS_H
#define CACHEGEN_TB_PORTS_H

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
    (void)width; // Verilator keeps the bits above the port width at zero
    bv_zero(&v);
    for (std::size_t i = 0; i < N; i++)
        v.w[i / 2] |= (uint64_t)port[i] << (32 * (i % 2));
}

template <typename T, typename std::enable_if<std::is_integral<T>::value, int>::type = 0>
inline uint64_t port_u64(const T &port) { return (uint64_t)port; }

#endif
