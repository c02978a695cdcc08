import CPNG
import CWebP
import Foundation

/// 8-bit RGBA pixels, rows top to bottom, alpha not premultiplied.
struct RGBAImage: Sendable, Equatable {
    var width: Int
    var height: Int
    var pixels: [UInt8]

    init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA bytes of the pixel at `x`, `y`.
    func pixel(x: Int, y: Int) -> [UInt8] {
        let start = (y * width + x) * 4
        return Array(pixels[start..<(start + 4)])
    }
}

/// Decoding and encoding through Debian's libpng and libwebp: no image code of our own.
enum ThumbnailCodec {
    struct Failure: Error, CustomStringConvertible, Sendable {
        let description: String
    }

    /// Larger claims are refused before any allocation: a PNG header can promise gigabytes of pixels.
    static let maximumSide = 8192

    /// Any PNG libpng reads (palette, grey, 16-bit, interlaced, with or without alpha) as 8-bit sRGB RGBA.
    static func decodePNG(_ data: Data) throws -> RGBAImage {
        var image = png_image()
        image.version = UInt32(PNG_IMAGE_VERSION)
        defer { png_image_free(&image) }
        // libpng reads from the buffer until finish_read returns: both calls stay inside one withUnsafeBytes.
        return try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> RGBAImage in
            guard let base = buffer.baseAddress, png_image_begin_read_from_memory(&image, base, buffer.count) != 0
            else {
                throw Failure(description: "not a readable PNG: \(message(of: image))")
            }
            let width = Int(image.width)
            let height = Int(image.height)
            guard width > 0, height > 0, width <= maximumSide, height <= maximumSide else {
                throw Failure(description: "a \(width)×\(height) PNG is larger than \(maximumSide)×\(maximumSide)")
            }
            image.format = CPNG_FORMAT_RGBA
            var pixels = [UInt8](repeating: 0, count: width * height * 4)
            let finished = pixels.withUnsafeMutableBytes { png_image_finish_read(&image, nil, $0.baseAddress, 0, nil) }
            guard finished != 0 else { throw Failure(description: "corrupt PNG: \(message(of: image))") }
            return RGBAImage(width: width, height: height, pixels: pixels)
        }
    }

    private static func message(of image: png_image) -> String {
        withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
    }

    /// The height that keeps `image`'s aspect ratio at `width`.
    static func height(of image: (width: Int, height: Int), atWidth width: Int) -> Int {
        max(1, Int((Double(image.height) * Double(width) / Double(image.width)).rounded()))
    }

    /// `image` scaled down to `width` pixels wide and encoded as lossy WebP with lossless alpha.
    ///
    /// libwebp's rescaler averages every source pixel a target pixel covers (area-averaging), on alpha-premultiplied
    /// values, so edges against transparency keep their colour instead of darkening.
    static func webp(_ image: RGBAImage, width: Int, quality: Float) throws -> (data: Data, width: Int, height: Int) {
        let height = height(of: (image.width, image.height), atWidth: width)
        var config = WebPConfig()
        guard WebPConfigPreset(&config, WEBP_PRESET_PICTURE, quality) != 0 else {
            throw Failure(description: "libwebp refused its own configuration (version mismatch?)")
        }
        // Method 1 without alpha filtering encodes much faster than method 3 with the fast alpha filter, for files a
        // little larger; method 0 saves little more time for many more bytes (measured on the mirror's artwork:
        // Benchmarks/README.md). Alpha stays lossless (libwebp's default).
        config.method = 1
        config.alpha_filtering = 0
        var picture = WebPPicture()
        guard WebPPictureInit(&picture) != 0 else { throw Failure(description: "libwebp version mismatch") }
        defer { WebPPictureFree(&picture) }
        picture.use_argb = 1
        picture.width = Int32(image.width)
        picture.height = Int32(image.height)
        let imported = image.pixels.withUnsafeBufferPointer {
            WebPPictureImportRGBA(&picture, $0.baseAddress, Int32(image.width * 4))
        }
        guard imported != 0 else {
            throw Failure(description: "libwebp could not take a \(image.width)×\(image.height) picture")
        }
        guard WebPPictureRescale(&picture, Int32(width), Int32(height)) != 0 else {
            throw Failure(description: "libwebp could not scale to \(width)×\(height)")
        }
        var writer = WebPMemoryWriter()
        WebPMemoryWriterInit(&writer)
        defer { WebPMemoryWriterClear(&writer) }
        let encoded = withUnsafeMutablePointer(to: &writer) { writerPointer -> Int32 in
            picture.writer = WebPMemoryWrite
            picture.custom_ptr = UnsafeMutableRawPointer(writerPointer)
            return WebPEncode(&config, &picture)
        }
        guard encoded != 0, let memory = writer.mem else {
            throw Failure(description: "WebP encoding failed (libwebp error \(picture.error_code.rawValue))")
        }
        return (Data(bytes: memory, count: writer.size), width, height)
    }

    /// A WebP file back to RGBA: what a browser would show.
    static func decodeWebP(_ data: Data) throws -> RGBAImage {
        var width: Int32 = 0
        var height: Int32 = 0
        let decoded = data.withUnsafeBytes { raw -> UnsafeMutablePointer<UInt8>? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress else { return nil }
            return WebPDecodeRGBA(base, raw.count, &width, &height)
        }
        guard let decoded else { throw Failure(description: "not a readable WebP file") }
        defer { WebPFree(decoded) }
        let count = Int(width) * Int(height) * 4
        return RGBAImage(
            width: Int(width),
            height: Int(height),
            pixels: Array(UnsafeBufferPointer(start: decoded, count: count))
        )
    }
}
