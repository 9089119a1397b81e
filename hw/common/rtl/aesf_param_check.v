// SPDX-License-Identifier: Apache-2.0
// Copyright aesforge contributors
//
// aesf_param_check: the library's one elaboration-time parameter check. Every module instantiates it once,
// with ILLEGAL set to its legality rule and MSG naming the module and its legal values:
//
//   aesf_param_check #(
//     .ILLEGAL(STEP < 0 || STEP > 65535),
//     .MSG    ("aesf_inc32: STEP 0..65535")
//   ) u_param_check ();
//
// An illegal value stops elaboration in every tool the library supports:
//   - Verilator and Yosys (synthesis, sby): $error with MSG (Verilator needs "%s" to print an untyped string
//     parameter as text; Yosys formats no arguments, so it gets MSG itself);
//   - Icarus 11, which ignores $error in a generate block: the instance of a module that does not exist,
//     `aesf_illegal_parameter_value`, which Icarus reports as an unknown module type.
// No ports, no logic: it leaves no cell in a netlist.

`default_nettype none

module aesf_param_check #(
  parameter bit ILLEGAL = 1'b0,                     // 1: the instantiating module's parameters are illegal
  parameter     MSG     = "illegal parameter value" // the module's name and legal values (a string literal)
) ();

  if (ILLEGAL) begin : gen_param_err
`ifdef __ICARUS__
    aesf_illegal_parameter_value u_illegal_parameter_value ();
`elsif VERILATOR
    $error("%s", MSG);
`else
    $error(MSG);
`endif
  end

endmodule

`default_nettype wire
