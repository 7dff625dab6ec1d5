cachegen_sram_1r1w.v
gcn_l1_index.v
gcn_l1_meta.v
gcn_l1_mshr.v
gcn_l1_memq.v
gcn_l1.v
