// ERROR: 4:1: target version 99.0.0 is greater than current version 1.20.0
// ARGS: --vhlo-to-version=target=99.0.0
// A target after the current version.
module {
}
