cachegen_sram_1r1w.v
sacat_fermi_index.v
sacat_fermi_meta.v
sacat_fermi_mshr.v
sacat_fermi_memq.v
sacat_fermi.v
sacat_fermi_dwt.v
