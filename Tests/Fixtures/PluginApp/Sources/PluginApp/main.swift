import Interactive

// Calls the APIs generated at build time from notes.yaml and Admin/authors.yaml, in mock mode.
let executor = Executor(mockMode: .all)
let notes = try await executor.execute(NoteListApi(limit: 2))
let author = try await executor.execute(AuthorGetApi(authorId: 7))
print("\(author.name) wrote \(notes.map(\.title).joined(separator: ", ")) (environment \(NotesService.configuration.currentEnvironment.name))")
