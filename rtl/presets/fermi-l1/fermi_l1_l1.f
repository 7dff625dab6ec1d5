cachegen_sram_1r1w.v
fermi_l1_index.v
fermi_l1_meta.v
fermi_l1_mshr.v
fermi_l1_memq.v
fermi_l1.v
