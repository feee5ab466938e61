/// What a generated parser throws for a status, by what the spec declares about it.
extension HTTPResponse {
    /// The error for a status the spec declares as a failure with a body: the body read by `parser`
    /// and wrapped by `make` (a case of the API's `<Stem>Failure`) as ``InteractiveError/failure(_:)``.
    ///
    /// A body that does not read as declared gives ``InteractiveError/unacceptableStatus(code:headers:body:)``,
    /// so the status is never hidden behind a decoding error.
    public func failure<Parser: BodyParser, Failure: Hashable & Sendable>(
        _ parser: Parser, _ make: (Parser.Output) -> Failure
    ) -> InteractiveError {
        do throws(InteractiveError) {
            return failure(make(try parser.parseBody(self)))
        } catch {
            return .unacceptable(self)
        }
    }

    /// The error for a status the spec declares as a failure without a body: `value` (a case of the
    /// API's `<Stem>Failure`) as ``InteractiveError/failure(_:)``.
    public func failure<Failure: Hashable & Sendable>(_ value: Failure) -> InteractiveError {
        .failure(ApiFailure(status: status, headers: headers, body: body, value: value))
    }
}

extension InteractiveError {
    /// ``unacceptableStatus(code:headers:body:)`` for a response: a status the API does not declare.
    public static func unacceptable(_ response: HTTPResponse) -> InteractiveError {
        .unacceptableStatus(code: response.status, headers: response.headers, body: response.body)
    }
}
