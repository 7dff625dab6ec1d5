cachegen_sram_1r1w.v
tian_gcn_index.v
tian_gcn_meta.v
tian_gcn_mshr.v
tian_gcn_memq.v
tian_gcn_pctbl.v
tian_gcn.v
