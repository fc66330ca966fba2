//! The name and password rules live in gb-protocol (`names`), beside the other body checks the fuzz targets run;
//! their refusals become `ApiError`s through `From<Refusal>`.
pub use gb_protocol::names::*;
