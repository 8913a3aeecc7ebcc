// ERROR: 2:1: module must have entry func with name main
module {
  func.func @a() {
    func.return
  }
  func.func @b() {
    func.return
  }
}
