//! Integration tests of the public API, in one binary (so the suite links once).

mod support;

mod errors;
mod examples;
mod generate;
mod logic;
mod props;
mod setter;
mod shapes;
mod solve;
mod variant;
mod variant_formats;
mod variant_generate;
mod variant_iss;
mod variant_links;
mod variant_logic;
mod variant_oracle;
mod variant_text;
