# SPDX-License-Identifier: Apache-2.0
# FuseSoC/edalize Yosys hook (docs/fusesoc.md), sourced by edalize's read_files for every target whose tool is yosys
# (aesforge:common:primitives lists it under the flag tool_yosys, so every core gets it through that dependency).
# Edalize sets each top parameter with its own `chparam -set NAME VALUE top`, and each chparam elaborates the top
# with the parameters given so far. The aesforge tops reject illegal combinations ($error), so a legal combination
# given one parameter at a time fails at an illegal intermediate step (e.g. aesf_gcm_lanes SBOX_IMPL 4 before
# PIPE_MASK 2). This replaces edalize's set_params by one that collects the -set pairs into one chparam, as the
# project flow does (syn/*.ys {CHPARAM}).
if {[info procs aesf_edalize_set_params] eq ""} {
  rename set_params aesf_edalize_set_params
  proc set_params {} {
    set ::aesf_sets {}
    set ::aesf_top ""
    rename chparam aesf_chparam_one
    proc chparam {args} {
      # edalize's form: chparam -set NAME VALUE TOP
      lappend ::aesf_sets {*}[lrange $args 0 end-1]
      set ::aesf_top [lindex $args end]
    }
    aesf_edalize_set_params
    rename chparam ""
    rename aesf_chparam_one chparam
    if {[llength $::aesf_sets] > 0} {
      chparam {*}$::aesf_sets $::aesf_top
    }
  }
}
