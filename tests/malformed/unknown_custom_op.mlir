// ERROR: 2:1: Dialect `foo' not found for custom op 'foo.bar'
foo.bar
