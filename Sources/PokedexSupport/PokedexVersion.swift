/// The version the User-Agent and `--version` report.
public enum PokedexVersion {
    public static let current = "0.1.0"
}
