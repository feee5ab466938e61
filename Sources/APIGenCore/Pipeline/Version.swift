extension Generator {
    /// apigen's version, printed by `apigen --version`. Generated files do not carry it, so that
    /// upgrading apigen only changes the files whose output really changes.
    public static let version = "0.1.0"
}
