// ERROR: 4:1: Invalid target version argument '1.x.0'
// ARGS: --vhlo-to-version=target=1.x.0
// A target that is no version.
module {
}
