cachegen_sram_1r1w.v
li_decoupled_index.v
li_decoupled_meta.v
li_decoupled_mshr.v
li_decoupled_memq.v
li_decoupled.v
li_decoupled_duel.v
