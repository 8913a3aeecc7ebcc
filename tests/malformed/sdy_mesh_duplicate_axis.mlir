// ERROR: 2:15: custom op 'sdy.mesh' duplicate axis name: "a"
sdy.mesh @m = <["a"=2, "a"=2]>
