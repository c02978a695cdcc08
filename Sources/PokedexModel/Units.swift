import Foundation

/// PokeAPI measures height in decimetres and weight in hectograms.
package enum Units {
    /// "0.7 m"; "1.000,0 m" with another decimal `point` and `thousands` between groups of digits.
    package static func metres(decimetres: Int, point: String = ".", thousands: String = "") -> String {
        oneDecimal(Double(decimetres) / 10, point: point, thousands: thousands) + " m"
    }

    /// "2′ 04″" (feet and inches, rounded to the nearest inch).
    package static func feetAndInches(decimetres: Int) -> String {
        let totalInches = Int((Double(decimetres) * 3.937_007_874).rounded())
        let feet = totalInches / 12
        let inches = totalInches % 12
        return "\(feet)′ \(inches < 10 ? "0" : "")\(inches)″"
    }

    /// "6.9 kg"; "1 000,0 kg" with another decimal `point` and `thousands` between groups of digits.
    package static func kilograms(hectograms: Int, point: String = ".", thousands: String = "") -> String {
        oneDecimal(Double(hectograms) / 10, point: point, thousands: thousands) + " kg"
    }

    /// "15.2 lb"; "2,204.6 lb" with `thousands` between groups of digits.
    package static func pounds(hectograms: Int, thousands: String = "") -> String {
        oneDecimal(Double(hectograms) * 0.220_462_262, thousands: thousands) + " lb"
    }

    /// One decimal place, locale-independent so output is byte-identical everywhere.
    static func oneDecimal(_ value: Double, point: String = ".", thousands: String = "") -> String {
        let tenths = Int((value * 10).rounded())
        return "\(ThemeWords.grouped(String(tenths / 10), by: thousands))\(point)\(tenths % 10)"
    }
}
