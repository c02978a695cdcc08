import Foundation

/// PokeAPI measures height in decimetres and weight in hectograms.
public enum Units {
    /// "0.7 m"
    public static func metres(decimetres: Int) -> String {
        oneDecimal(Double(decimetres) / 10) + " m"
    }

    /// "2′ 04″" (feet and inches, rounded to the nearest inch).
    public static func feetAndInches(decimetres: Int) -> String {
        let totalInches = Int((Double(decimetres) * 3.937_007_874).rounded())
        let feet = totalInches / 12
        let inches = totalInches % 12
        return "\(feet)′ \(inches < 10 ? "0" : "")\(inches)″"
    }

    /// "6.9 kg"
    public static func kilograms(hectograms: Int) -> String {
        oneDecimal(Double(hectograms) / 10) + " kg"
    }

    /// "15.2 lb"
    public static func pounds(hectograms: Int) -> String {
        oneDecimal(Double(hectograms) * 0.220_462_262) + " lb"
    }

    /// One decimal place, locale-independent so output is byte-identical everywhere.
    static func oneDecimal(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
