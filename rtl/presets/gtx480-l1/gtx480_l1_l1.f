cachegen_sram_1r1w.v
gtx480_l1_index.v
gtx480_l1_meta.v
gtx480_l1_mshr.v
gtx480_l1_memq.v
gtx480_l1.v
