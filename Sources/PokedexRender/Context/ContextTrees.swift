import PokedexMustache

// The trees of the contexts pages hold by the thousand, made directly: the same keys, in the same order, as their
// synthesized `encode(to:)` writes (an absent optional is an absent key), without the encoder's containers. A
// Pokémon page holds a hundred move rows; a move's page a cell for each of its learners (Protect: over a thousand);
// the Pokémon and move pages' own contexts, by the thousand too, follow (their encoding through containers was a
// tenth of a full render). `ContextTreeTests` holds each to its encoder's tree.

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

extension StatContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 7)
        object.append("name", .string(name))
        object.append("label", .string(label))
        object.append("short", .string(short))
        object.append("value", .int(value))
        object.append("percent", .int(percent))
        object.append("isAbbreviated", .bool(isAbbreviated))
        object.append("ranges", .list(ranges.map { .string($0) }))
        return .object(object)
    }
}

extension AbilityContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 8)
        object.append("name", .string(name))
        object.append("label", .string(label))
        object.append("isHidden", .bool(isHidden))
        object.append("href", .string(href))
        object.append("isLinked", .bool(isLinked))
        if let shortEffect { object.append("shortEffect", .string(shortEffect)) }
        if let effectLang { object.append("effectLang", .string(effectLang)) }
        if let labelLang { object.append("labelLang", .string(labelLang)) }
        return .object(object)
    }
}

extension TrainingContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 6)
        if let effortYield { object.append("effortYield", .string(effortYield)) }
        if let captureRate { object.append("captureRate", .string(captureRate)) }
        if let baseFriendship { object.append("baseFriendship", .string(baseFriendship)) }
        object.append("baseExperience", .string(baseExperience))
        if let growthRate { object.append("growthRate", .string(growthRate)) }
        if let growthRateLang { object.append("growthRateLang", .string(growthRateLang)) }
        return .object(object)
    }
}

extension BreedingContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 4)
        if let eggGroups { object.append("eggGroups", .string(eggGroups)) }
        if let genderRatio { object.append("genderRatio", .string(genderRatio)) }
        if let eggCycles { object.append("eggCycles", .string(eggCycles)) }
        if let eggGroupsLang { object.append("eggGroupsLang", .string(eggGroupsLang)) }
        return .object(object)
    }
}

extension EntryContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.append("text", .string(text))
        object.append("games", .string(games))
        return .object(object)
    }
}

extension MeasureContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.append("metric", .string(metric))
        if let imperial { object.append("imperial", .string(imperial)) }
        return .object(object)
    }
}

extension TextRunContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 5)
        object.append("text", .string(text))
        object.append("isForeign", .bool(isForeign))
        object.append("lang", .string(lang))
        object.append("href", .string(href))
        object.append("hasLink", .bool(hasLink))
        return .object(object)
    }
}

extension EvolutionStageContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 15)
        object.append("speciesID", .int(speciesID))
        object.append("name", .string(name))
        object.append("href", .string(href))
        object.append("isLinked", .bool(isLinked))
        object.append("image", image.templateValue)
        object.append("isCurrent", .bool(isCurrent))
        object.append("isThisPage", .bool(isThisPage))
        object.append("isBaby", .bool(isBaby))
        object.append("howToEvolve", .string(howToEvolve))
        object.append("howToEvolveRuns", .list(howToEvolveRuns.map(\.templateValue)))
        object.append("hasCondition", .bool(hasCondition))
        object.append("evolvesTo", .list(evolvesTo.map(\.templateValue)))
        object.append("hasEvolutions", .bool(hasEvolutions))
        object.append("stageNameLang", .string(stageNameLang))
        object.append("hasStageNameLang", .bool(hasStageNameLang))
        return .object(object)
    }
}

extension EvolutionContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("stages", .list(stages.map(\.templateValue)))
        object.append("evolves", .bool(evolves))
        object.append("isDeep", .bool(isDeep))
        return .object(object)
    }
}

extension MatchupTierContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("multiplier", .string(multiplier))
        object.append("factor", .string(factor))
        object.append("types", .list(types.map(\.templateValue)))
        return .object(object)
    }
}

extension MatchupGroupContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("name", .string(name))
        object.append("label", .string(label))
        object.append("tiers", .list(tiers.map(\.templateValue)))
        return .object(object)
    }
}

extension FormContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 8)
        object.append("id", .int(id))
        object.append("number", .string(number))
        object.append("name", .string(name))
        object.append("href", .string(href))
        object.append("isLinked", .bool(isLinked))
        object.append("isDefault", .bool(isDefault))
        object.append("image", image.templateValue)
        if let formNameLang { object.append("formNameLang", .string(formNameLang)) }
        return .object(object)
    }
}

extension PictureContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 8)
        object.append("id", .string(id))
        object.append("label", .string(label))
        object.append("src", .string(src))
        object.append("width", .int(width))
        object.append("height", .int(height))
        object.append("alt", .string(alt))
        object.append("isSelected", .bool(isSelected))
        object.append("isSprite", .bool(isSprite))
        return .object(object)
    }
}

extension GameOptionContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("id", .int(id))
        object.append("label", .string(label))
        object.append("isSelected", .bool(isSelected))
        return .object(object)
    }
}

extension MovesSectionContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 9)
        object.append("game", .string(game))
        object.append("gameID", .int(gameID))
        object.append("games", .list(games.map(\.templateValue)))
        object.append("hasGameChoice", .bool(hasGameChoice))
        object.append("learnsetScript", .string(learnsetScript))
        object.append("movesScript", .string(movesScript))
        object.append("groups", .list(groups.map(\.templateValue)))
        if let borrowedNote { object.append("borrowedNote", .string(borrowedNote)) }
        object.append("blankGroup", blankGroup.templateValue)
        return .object(object)
    }
}

extension DetailContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 49)
        object.append("id", .int(id))
        object.append("number", .string(number))
        object.append("name", .string(name))
        object.append("slug", .string(slug))
        object.append("image", image.templateValue)
        object.append("types", .list(types.map(\.templateValue)))
        object.append("baseExperience", .string(baseExperience))
        object.append("hasBaseExperience", .bool(hasBaseExperience))
        object.append("height", height.templateValue)
        object.append("weight", weight.templateValue)
        object.append("stats", .list(stats.map(\.templateValue)))
        object.append("statTotal", .int(statTotal))
        object.append("rangeLevels", .list(rangeLevels.map { .string($0) }))
        object.append("abilities", .list(abilities.map(\.templateValue)))
        if let genus { object.append("genus", .string(genus)) }
        if let flavorText { object.append("flavorText", .string(flavorText)) }
        object.append("isFavorite", .bool(isFavorite))
        if let previous { object.append("previous", previous.templateValue) }
        if let next { object.append("next", next.templateValue) }
        object.append("list", list.templateValue)
        if let evolution { object.append("evolution", evolution.templateValue) }
        object.append("matchups", .list(matchups.map(\.templateValue)))
        object.append("hasMatchups", .bool(hasMatchups))
        object.append("forms", .list(forms.map(\.templateValue)))
        object.append("hasForms", .bool(hasForms))
        object.append("pictures", .list(pictures.map(\.templateValue)))
        object.append("hasPictureChoice", .bool(hasPictureChoice))
        if let generation { object.append("generation", .string(generation)) }
        if let habitat { object.append("habitat", .string(habitat)) }
        object.append("hasOrigin", .bool(hasOrigin))
        object.append("names", .list(names.map(\.templateValue)))
        object.append("hasNames", .bool(hasNames))
        if let moves { object.append("moves", moves.templateValue) }
        object.append("training", training.templateValue)
        if let breeding { object.append("breeding", breeding.templateValue) }
        object.append("entries", .list(entries.map(\.templateValue)))
        object.append("moreEntries", .list(moreEntries.map(\.templateValue)))
        object.append("hasEntries", .bool(hasEntries))
        object.append("hasMoreEntries", .bool(hasMoreEntries))
        if let entriesNote { object.append("entriesNote", .string(entriesNote)) }
        if let nameLang { object.append("nameLang", .string(nameLang)) }
        if let genusLang { object.append("genusLang", .string(genusLang)) }
        if let flavorLang { object.append("flavorLang", .string(flavorLang)) }
        if let entriesLang { object.append("entriesLang", .string(entriesLang)) }
        if let habitatLang { object.append("habitatLang", .string(habitatLang)) }
        if let whereToFind { object.append("whereToFind", whereToFind.templateValue) }
        object.append("localNumbers", .list(localNumbers.map(\.templateValue)))
        object.append("hasLocalNumbers", .bool(hasLocalNumbers))
        if let calculator { object.append("calculator", calculator.templateValue) }
        return .object(object)
    }
}

extension GameCountContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 2)
        object.append("label", .string(label))
        object.append("count", .int(count))
        return .object(object)
    }
}

extension MoveContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 29)
        object.append("id", .int(id))
        object.append("slug", .string(slug))
        object.append("name", .string(name))
        object.append("type", type.templateValue)
        object.append("category", category.templateValue)
        object.append("power", .string(power))
        object.append("accuracy", .string(accuracy))
        object.append("pp", .string(pp))
        object.append("priority", .string(priority))
        if let target { object.append("target", .string(target)) }
        if let generation { object.append("generation", .string(generation)) }
        if let effectChance { object.append("effectChance", .string(effectChance)) }
        if let shortEffect { object.append("shortEffect", .string(shortEffect)) }
        if let effect { object.append("effect", .list(effect.map { .string($0) })) }
        object.append("hasEffect", .bool(hasEffect))
        if let flavorText { object.append("flavorText", .string(flavorText)) }
        object.append("learnedIn", .string(learnedIn))
        object.append("learnerCount", .int(learnerCount))
        object.append("learnerGroups", .list(learnerGroups.map(\.templateValue)))
        object.append("otherGames", .list(otherGames.map(\.templateValue)))
        object.append("hasOtherGames", .bool(hasOtherGames))
        object.append("names", .list(names.map(\.templateValue)))
        object.append("hasNames", .bool(hasNames))
        if let previous { object.append("previous", previous.templateValue) }
        if let next { object.append("next", next.templateValue) }
        if let effectLang { object.append("effectLang", .string(effectLang)) }
        if let flavorLang { object.append("flavorLang", .string(flavorLang)) }
        if let nameLang { object.append("nameLang", .string(nameLang)) }
        if let targetLang { object.append("targetLang", .string(targetLang)) }
        return .object(object)
    }
}

extension CalculatorLinksContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 3)
        object.append("href", .string(href))
        object.append("abilities", .list(abilities.map(\.templateValue)))
        object.append("hasAbilities", .bool(hasAbilities))
        return .object(object)
    }
}

extension CalculatorAbilityLinkContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 4)
        object.append("href", .string(href))
        object.append("label", .string(label))
        if let labelLang { object.append("labelLang", .string(labelLang)) }
        object.append("separator", .string(separator))
        return .object(object)
    }
}
