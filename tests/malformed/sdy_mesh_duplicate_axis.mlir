// ERROR: 2:15: duplicate axis name: "a"
sdy.mesh @m = <["a"=2, "a"=2]>
