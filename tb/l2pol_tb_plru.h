// l2pol_tb_plru: l2.replacement = plru in the harnesses (cm_l2_pol_plru.c): the shared
// replacement table's tree pseudo-LRU, whose node bits the harnesses' row compare covers bit
// for bit; no block of its own.
#ifndef CACHEGEN_TB_L2POL_TB_PLRU_H
#define CACHEGEN_TB_L2POL_TB_PLRU_H

#include "l2pol_tb.h"

template <class T> void l2pol_tb_plru(l2pol_tb<T> &) {}

#endif
