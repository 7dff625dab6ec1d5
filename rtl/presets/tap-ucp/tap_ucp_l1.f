cachegen_sram_1r1w.v
tap_ucp_index.v
tap_ucp_meta.v
tap_ucp_mshr.v
tap_ucp_memq.v
tap_ucp.v
