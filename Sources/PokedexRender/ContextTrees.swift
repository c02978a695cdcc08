import PokedexMustache

// The trees of the contexts pages hold by the thousand, made directly: the same keys, in the same order, as their
// synthesized `encode(to:)` writes (an absent optional is an absent key), without the encoder's containers. A
// Pokémon page holds a hundred move rows; a move's page a cell for each of its learners (Protect: over a thousand).
// `ContextTreeTests` holds each to its encoder's tree.

extension TypeContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 4)
        object.append("name", .string(name))
        object.append("label", .string(label))
        object.append("href", .string(href))
        object.append("isLinked", .bool(isLinked))
        return .object(object)
    }
}

extension CategoryContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("name", .string(name))
        object.append("label", .string(label))
        if let categoryLang { object.append("categoryLang", .string(categoryLang)) }
        return .object(object)
    }
}

extension MoveRowContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 16)
        object.append("id", .int(id))
        object.append("slug", .string(slug))
        object.append("href", .string(href))
        object.append("name", .string(name))
        object.append("type", type.templateValue)
        object.append("category", category.templateValue)
        object.append("power", .string(power))
        object.append("accuracy", .string(accuracy))
        object.append("pp", .string(pp))
        object.append("hasDetail", .bool(hasDetail))
        object.append("detail", .string(detail))
        if let detailTitle { object.append("detailTitle", .string(detailTitle)) }
        object.append("detailSort", .int(detailSort))
        object.append("generation", .string(generation))
        if let generationNumber { object.append("generationNumber", .int(generationNumber)) }
        if let moveNameLang { object.append("moveNameLang", .string(moveNameLang)) }
        return .object(object)
    }
}

extension ImageContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 12)
        object.append("src", .string(src))
        object.append("width", .int(width))
        object.append("height", .int(height))
        object.append("alt", .string(alt))
        object.append("fallback", .string(fallback))
        object.append("thumbnail", .string(thumbnail))
        if let srcset { object.append("srcset", .string(srcset)) }
        object.append("isLocal", .bool(isLocal))
        object.append("isRemote", .bool(isRemote))
        object.append("isPlaceholder", .bool(isPlaceholder))
        object.append("lazy", .bool(lazy))
        return .object(object)
    }
}

extension CellContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 9)
        object.append("id", .int(id))
        object.append("number", .string(number))
        object.append("name", .string(name))
        object.append("slug", .string(slug))
        object.append("href", .string(href))
        object.append("image", image.templateValue)
        object.append("types", .list(types.map(\.templateValue)))
        object.append("isFavorite", .bool(isFavorite))
        if let nameLang { object.append("nameLang", .string(nameLang)) }
        return .object(object)
    }
}

extension LearnerCellContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 6)
        object.append("href", .string(href))
        object.append("name", .string(name))
        object.append("src", .string(src))
        object.append("width", .int(width))
        object.append("height", .int(height))
        if let note { object.append("note", .string(note)) }
        return .object(object)
    }
}

extension LinkContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.append("href", .string(href))
        object.append("label", .string(label))
        return .object(object)
    }
}

extension SpellingContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.append("name", .string(name))
        object.append("lang", .string(lang))
        return .object(object)
    }
}

extension LocalizedNameContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 5)
        object.append("language", .string(language))
        object.append("label", .string(label))
        object.append("lang", .string(lang))
        object.append("name", .string(name))
        object.append("spellings", .list(spellings.map(\.templateValue)))
        return .object(object)
    }
}

extension LearnGroupContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 7)
        object.append("key", .string(key))
        object.append("method", .int(method))
        object.append("label", .string(label))
        object.append("count", .int(count))
        if let detailHeading { object.append("detailHeading", .string(detailHeading)) }
        object.append("sortedByDetail", .bool(sortedByDetail))
        object.append("moves", .list(moves.map(\.templateValue)))
        return .object(object)
    }
}

extension LearnerGroupContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 6)
        object.append("key", .string(key))
        object.append("method", .int(method))
        object.append("label", .string(label))
        if let machine { object.append("machine", .string(machine)) }
        object.append("count", .int(count))
        object.append("cells", .list(cells.map(\.templateValue)))
        return .object(object)
    }
}
