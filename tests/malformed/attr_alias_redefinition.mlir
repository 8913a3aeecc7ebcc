// ERROR: 3:1: redefinition of attribute alias id 'a'
#a = 1 : i32
#a = 2 : i32
"foo.op"() {x = #a} : () -> ()
