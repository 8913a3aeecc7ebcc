// ERROR: 4:23: expected identifier key for 'resource' entry
"foo.op"() : () -> ()
{-#
  dialect_resources: {
