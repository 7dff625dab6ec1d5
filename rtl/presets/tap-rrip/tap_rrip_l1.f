cachegen_sram_1r1w.v
tap_rrip_index.v
tap_rrip_meta.v
tap_rrip_mshr.v
tap_rrip_memq.v
tap_rrip.v
