// l2pol_tb_fifo: l2.replacement = fifo in the harnesses (cm_l2_pol_fifo.c): the shared
// replacement table's FIFO, whose order the harnesses' row compare covers bit for bit; no block
// of its own.
#ifndef CACHEGEN_TB_L2POL_TB_FIFO_H
#define CACHEGEN_TB_L2POL_TB_FIFO_H

#include "l2pol_tb.h"

template <class T> void l2pol_tb_fifo(l2pol_tb<T> &) {}

#endif
