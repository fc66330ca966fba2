# The two commands that matter: `make run` starts the product, `make test` runs every test.
# On a fresh machine, `bash .ci/run` installs what is missing (Chromium, npm packages, services) and runs `make test`.
.PHONY: run test lint test-rust test-scenarios test-web web bindings-fresh

run: web
	cargo run --release -p gb-server -- --static-dir web-client/dist

web:
	cd web-client && (test -d node_modules || npm ci) && npm run build

test: lint test-rust test-scenarios web test-web bindings-fresh

# The workspace's lints (Cargo.toml: unreachable_pub, clippy's default groups) and rustfmt, as errors.
lint:
	cargo fmt --all --check
	cargo clippy --workspace --all-targets -- -D warnings

test-rust:
	cargo test --workspace --no-fail-fast
	# Benchmarks are not built by `cargo test`: build them so they cannot rot unseen. In the test profile they
	# reuse what `cargo test` just built (`cargo check` type-checked every dependency again: ~3 min).
	cargo build --workspace --benches --profile test

test-scenarios:
	cargo run -q -p gb-cli -- scenario run crates/gb-core/scenarios

test-web:
	cd web-client && npm test && npm run e2e

# The TypeScript bindings are written by `cargo test` (ts-rs); committed copies must match.
bindings-fresh:
	git diff --exit-code --stat -- web-client/src/gen || (echo "web-client/src/gen is stale: commit the regenerated bindings" && exit 1)
