import Foundation
import Testing
@testable import APIGenCore

/// A field of another struct model with reference members, or of a sum type, holds it through
/// `Indirect`; plain-data models, enums, lists and maps stay inline.
@Suite struct IndirectModelsTests {
    static let spec = SpecHarness.base + """
    models:
      Customer:
        fields:
          address: Address                 # a struct with a String: held indirectly
          spare: Address?                  # optional: Indirect<Address>?
          point: Point                     # only numbers: inline
          mode: Mode                       # a closed enum: inline
          tag: Label                       # an open enum: inline
          shape: Shape                     # a sum type: held indirectly
          addresses: "[Address]"           # a list is a reference already
          byName: "[String: Address]"
          old: { type: Address, deprecated: Use address. }
          loop: Node?                      # contains itself, so it is a reference already
      Address:
        fields:
          line: String
          at: Point?
      Point:
        fields:
          x: Int
          y: Double?
          when: Date
          mode: Mode
      Mode:
        enum: [fast, slow]
      Label:
        enum: [red, green]
        unknown: true
      Shape:
        oneOf: [Point, Address]
      Node:
        fields:
          next: Node?

    """

    static let usage = """
    import Foundation

    func use(_ customer: Customer) -> Customer {
        var copy = customer
        copy.address.line = "2 Side St"
        copy.spare?.line = "3 Back St"
        copy.spare = nil
        copy.point.x += 1
        copy.shape = .point(Point(x: 1, when: Date(), mode: .fast))
        copy.addresses.append(customer.address)
        return copy
    }

    """

    @Test func whichFieldsAreHeldIndirectly() throws {
        let files = try SpecHarness.generate(["shop.yaml": Self.spec])
        let customer = try #require(files["Shop/Models/Customer.swift"])
        #expect(customer.contains("    public var address: Address {\n        get { _address.value }\n        _modify { yield &_address.value }\n    }\n    private var _address: Indirect<Address>\n"))
        #expect(customer.contains("    public var spare: Address? {\n        get { _spare?.value }\n        set { _spare = newValue.map(Indirect.init) }\n    }\n    private var _spare: Indirect<Address>?\n"))
        #expect(customer.contains("private var _shape: Indirect<Shape>"))
        for inline in ["public var point: Point\n", "public var mode: Mode\n", "public var tag: Label\n", "public var addresses: [Address]\n",
                       "public var byName: [String: Address]\n", "public var loop: Node?\n"] {
            #expect(customer.contains(inline), "\(inline)")
        }
        // Deprecated and held indirectly: the init and the coding use the storage, without warnings.
        #expect(customer.contains("@available(*, deprecated, message: \"Use address.\")\n    public var old: Address {"))
        #expect(customer.contains("self._old = Indirect(old)"))
        #expect(customer.contains("self._spare = spare.map(Indirect.init)"))
        #expect(customer.contains(#"try container.encode(self._old.value, forKey: "old")"#))
        #expect(customer.contains(#"try container.encodeIfPresent(self.spare, forKey: "spare")"#))
        #expect(customer.contains(#"spare: try container.decodeIfPresent(Address.self, forKey: "spare"),"#))
        // Address holds a Point only: numbers, a date and an enum are plain data, so it stays inline.
        let address = try #require(files["Shop/Models/Address.swift"])
        #expect(address.contains("public var at: Point?\n"))
        #expect(!address.contains("Indirect"))
        #expect(!customer.contains("CodingKeys"))
    }

    @Test func theModelsCompileAndMutateLikeValues() async throws {
        let folder = try TemporaryFolder()
        try folder.write(Self.spec, to: "specs/shop.yaml")
        let outcome = Generator.generate(specs: folder.folder("specs"), output: folder.folder("out"))
        #expect(outcome.diagnostics.map(\.description) == [])
        let usage = try folder.write(Self.usage, to: "Usage.swift")
        let files = folder.files(under: "out").map { folder.folder("out").appendingPathComponent($0) } + [usage]
        for mainActor in [false, true] {
            let result = try await SwiftCompiler.typecheck(files, moduleName: "IndirectAPI", mainActorByDefault: mainActor)
            #expect(result.status == 0, "\(result.errorOutput)")
        }
    }
}
