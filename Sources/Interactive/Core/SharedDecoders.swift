import Foundation

/// Decoders with the shared settings, built once and reused by every parse.
///
/// A `JSONDecoder` reads its settings at the start of each `decode` and keeps its decoding state in
/// a value of its own, so concurrent `decode` calls on one instance are safe as long as nobody changes
/// its settings; these are never changed after they are built. (`JSONDecoder` is not `Sendable` on
/// every platform, hence the box.)
final class SharedDecoder: @unchecked Sendable {
    let decoder: JSONDecoder

    init(_ decoder: JSONDecoder) { self.decoder = decoder }
}

enum SharedDecoders {
    /// ``InteractiveCoding/makeDecoder()``'s settings, no user info.
    static let plain = SharedDecoder(InteractiveCoding.makeDecoder())

    /// How many envelopes get a decoder of their own; a program that makes envelopes on the fly
    /// beyond this gets a new decoder per call, as before.
    static let maxEnvelopes = 16
    private static let byEnvelope = Locked<[(Envelope, SharedDecoder)]>([])

    /// A decoder with the shared settings whose user info carries `envelope` (see ``EnvelopeFields``).
    static func decoder(for envelope: Envelope) -> JSONDecoder {
        let found: JSONDecoder? = byEnvelope.withLock { entries in
            entries.first { $0.0 == envelope }?.1.decoder
        }
        if let found { return found }
        let decoder = InteractiveCoding.makeDecoder()
        decoder.userInfo[EnvelopeFields.envelopeKey] = envelope
        byEnvelope.withLock { entries in
            if entries.count < maxEnvelopes, !entries.contains(where: { $0.0 == envelope }) {
                entries.append((envelope, SharedDecoder(decoder)))
            }
        }
        return decoder
    }
}
