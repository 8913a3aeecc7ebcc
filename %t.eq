"builtin.module"() ({
^bb0:
}) : () -> ()

