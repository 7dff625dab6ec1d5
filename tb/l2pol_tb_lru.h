// l2pol_tb_lru: l2.replacement = lru in the harnesses (cm_l2_pol_lru.c): the shared replacement
// table's true LRU, whose row the harnesses compare bit for bit; no block of its own.
#ifndef CACHEGEN_TB_L2POL_TB_LRU_H
#define CACHEGEN_TB_L2POL_TB_LRU_H

#include "l2pol_tb.h"

template <class T> void l2pol_tb_lru(l2pol_tb<T> &) {}

#endif
