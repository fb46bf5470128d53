/// `book-serve`: the preview server, an executable of its own so that the `book` command's other
/// subcommands do not load the HTTP stack (FoundationNetworking and, through it, libcurl) each time they
/// start. `book serve …` runs it with the same arguments.
@main
enum BookServe {
  static func main() {
    ServeCommand.main()
  }
}
