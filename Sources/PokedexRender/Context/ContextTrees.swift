import PokedexMustache

// The trees of the contexts pages hold by the thousand, made directly: the same keys, in the same order, as their
// synthesized `encode(to:)` writes (an absent optional a null), without the encoder's containers. A
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
        object.append("categoryLang", categoryLang.map { categoryLang in .string(categoryLang) } ?? .null)
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
        object.append("detailTitle", detailTitle.map { detailTitle in .string(detailTitle) } ?? .null)
        object.append("detailSort", .int(detailSort))
        object.append("generation", .string(generation))
        object.append("generationNumber", generationNumber.map { generationNumber in .int(generationNumber) } ?? .null)
        object.append("moveNameLang", moveNameLang.map { moveNameLang in .string(moveNameLang) } ?? .null)
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
        object.append("srcset", srcset.map { srcset in .string(srcset) } ?? .null)
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
        object.append("nameLang", nameLang.map { nameLang in .string(nameLang) } ?? .null)
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
        object.append("note", note.map { note in .string(note) } ?? .null)
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
        object.append("detailHeading", detailHeading.map { detailHeading in .string(detailHeading) } ?? .null)
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
        object.append("machine", machine.map { machine in .string(machine) } ?? .null)
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
        object.append("shortEffect", shortEffect.map { shortEffect in .string(shortEffect) } ?? .null)
        object.append("effectLang", effectLang.map { effectLang in .string(effectLang) } ?? .null)
        object.append("labelLang", labelLang.map { labelLang in .string(labelLang) } ?? .null)
        return .object(object)
    }
}

extension TrainingContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 6)
        object.append("effortYield", effortYield.map { effortYield in .string(effortYield) } ?? .null)
        object.append("captureRate", captureRate.map { captureRate in .string(captureRate) } ?? .null)
        object.append("baseFriendship", baseFriendship.map { baseFriendship in .string(baseFriendship) } ?? .null)
        object.append("baseExperience", .string(baseExperience))
        object.append("growthRate", growthRate.map { growthRate in .string(growthRate) } ?? .null)
        object.append("growthRateLang", growthRateLang.map { growthRateLang in .string(growthRateLang) } ?? .null)
        return .object(object)
    }
}

extension BreedingContext: TemplateValueConvertible {
    var templateValue: TemplateValue {
        var object = TemplateObject(capacity: 4)
        object.append("eggGroups", eggGroups.map { eggGroups in .string(eggGroups) } ?? .null)
        object.append("genderRatio", genderRatio.map { genderRatio in .string(genderRatio) } ?? .null)
        object.append("eggCycles", eggCycles.map { eggCycles in .string(eggCycles) } ?? .null)
        object.append("eggGroupsLang", eggGroupsLang.map { eggGroupsLang in .string(eggGroupsLang) } ?? .null)
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
        object.append("imperial", imperial.map { imperial in .string(imperial) } ?? .null)
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
        object.append("formNameLang", formNameLang.map { formNameLang in .string(formNameLang) } ?? .null)
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
        object.append("borrowedNote", borrowedNote.map { borrowedNote in .string(borrowedNote) } ?? .null)
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
        object.append("genus", genus.map { genus in .string(genus) } ?? .null)
        object.append("flavorText", flavorText.map { flavorText in .string(flavorText) } ?? .null)
        object.append("isFavorite", .bool(isFavorite))
        object.append("previous", previous.map { previous in previous.templateValue } ?? .null)
        object.append("next", next.map { next in next.templateValue } ?? .null)
        object.append("list", list.templateValue)
        object.append("evolution", evolution.map { evolution in evolution.templateValue } ?? .null)
        object.append("matchups", .list(matchups.map(\.templateValue)))
        object.append("hasMatchups", .bool(hasMatchups))
        object.append("forms", .list(forms.map(\.templateValue)))
        object.append("hasForms", .bool(hasForms))
        object.append("pictures", .list(pictures.map(\.templateValue)))
        object.append("hasPictureChoice", .bool(hasPictureChoice))
        object.append("generation", generation.map { generation in .string(generation) } ?? .null)
        object.append("habitat", habitat.map { habitat in .string(habitat) } ?? .null)
        object.append("hasOrigin", .bool(hasOrigin))
        object.append("names", .list(names.map(\.templateValue)))
        object.append("hasNames", .bool(hasNames))
        object.append("moves", moves.map { moves in moves.templateValue } ?? .null)
        object.append("training", training.templateValue)
        object.append("breeding", breeding.map { breeding in breeding.templateValue } ?? .null)
        object.append("entries", .list(entries.map(\.templateValue)))
        object.append("moreEntries", .list(moreEntries.map(\.templateValue)))
        object.append("hasEntries", .bool(hasEntries))
        object.append("hasMoreEntries", .bool(hasMoreEntries))
        object.append("entriesNote", entriesNote.map { entriesNote in .string(entriesNote) } ?? .null)
        object.append("nameLang", nameLang.map { nameLang in .string(nameLang) } ?? .null)
        object.append("genusLang", genusLang.map { genusLang in .string(genusLang) } ?? .null)
        object.append("flavorLang", flavorLang.map { flavorLang in .string(flavorLang) } ?? .null)
        object.append("entriesLang", entriesLang.map { entriesLang in .string(entriesLang) } ?? .null)
        object.append("habitatLang", habitatLang.map { habitatLang in .string(habitatLang) } ?? .null)
        object.append("whereToFind", whereToFind.map { whereToFind in whereToFind.templateValue } ?? .null)
        object.append("localNumbers", .list(localNumbers.map(\.templateValue)))
        object.append("hasLocalNumbers", .bool(hasLocalNumbers))
        object.append("calculator", calculator.map { calculator in calculator.templateValue } ?? .null)
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
        object.append("target", target.map { target in .string(target) } ?? .null)
        object.append("generation", generation.map { generation in .string(generation) } ?? .null)
        object.append("effectChance", effectChance.map { effectChance in .string(effectChance) } ?? .null)
        object.append("shortEffect", shortEffect.map { shortEffect in .string(shortEffect) } ?? .null)
        object.append("effect", effect.map { effect in .list(effect.map { .string($0) }) } ?? .null)
        object.append("hasEffect", .bool(hasEffect))
        object.append("flavorText", flavorText.map { flavorText in .string(flavorText) } ?? .null)
        object.append("learnedIn", .string(learnedIn))
        object.append("learnerCount", .int(learnerCount))
        object.append("learnerGroups", .list(learnerGroups.map(\.templateValue)))
        object.append("otherGames", .list(otherGames.map(\.templateValue)))
        object.append("hasOtherGames", .bool(hasOtherGames))
        object.append("names", .list(names.map(\.templateValue)))
        object.append("hasNames", .bool(hasNames))
        object.append("previous", previous.map { previous in previous.templateValue } ?? .null)
        object.append("next", next.map { next in next.templateValue } ?? .null)
        object.append("effectLang", effectLang.map { effectLang in .string(effectLang) } ?? .null)
        object.append("flavorLang", flavorLang.map { flavorLang in .string(flavorLang) } ?? .null)
        object.append("nameLang", nameLang.map { nameLang in .string(nameLang) } ?? .null)
        object.append("targetLang", targetLang.map { targetLang in .string(targetLang) } ?? .null)
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
        object.append("labelLang", labelLang.map { labelLang in .string(labelLang) } ?? .null)
        object.append("separator", .string(separator))
        return .object(object)
    }
}
