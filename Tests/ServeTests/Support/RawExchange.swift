import Foundation
import RuntimeTestSupport

/// Requests written byte for byte and the server's answer as it came, for what URLSession hides:
/// headers it adds or drops, a body after a 204, whether the connection was closed.
enum RawExchange {
    /// Sends `requests` (whole HTTP/1.1 requests, one after another on one connection) to the
    /// server at `port` and returns every byte it answers until it closes the connection.
    static func send(port: Int, _ requests: String) async throws -> String {
        let script = """
        import socket, sys
        connection = socket.create_connection(('127.0.0.1', int(sys.argv[1])), timeout=60)
        connection.sendall(sys.argv[2].encode('utf-8'))
        answer = b''
        while True:
            chunk = connection.recv(65536)
            if not chunk:
                break
            answer += chunk
        sys.stdout.buffer.write(answer)
        """
        let output = try await Subprocess.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, String(port), requests], timeLimit: .seconds(120))
        guard output.status == 0 else { throw RawExchangeError.failed(output.errorText) }
        return output.outputText
    }
}

enum RawExchangeError: Error {
    case failed(String)
}
