//! The suite `isa_tests!` generates from `acc16.isa`: every value of every
//! field, every opcode, random words through decode → encode and
//! print → parse, and the layout lists.

isaforge::isa_tests!(file = "acc16.isa", module = toy_isa::acc16, random_words = 100_000);
