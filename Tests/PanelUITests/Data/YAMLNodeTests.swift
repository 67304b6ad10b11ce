@testable import PanelUI
import Testing

/// Found by fuzzing: thousands of nested `[` or `- ` overflowed the stack while the tree was built.
@Test func yamlNestingDeeperThanSixtyFourLevelsIsALocatedError() {
    #expect(throws: YAMLSyntaxError(location: SourceLocation(line: 1, column: 74), message: "nesting deeper than 64 levels")) {
        _ = try YAMLNode.parse("sections: " + String(repeating: "[", count: 10_000))
    }
    #expect(throws: YAMLSyntaxError(location: SourceLocation(line: 1, column: 129), message: "nesting deeper than 64 levels")) {
        _ = try YAMLNode.parse(String(repeating: "- ", count: 5000) + "x\n")
    }
}

@Test func yamlNestingOfSixtyFourLevelsReads() throws {
    let node = try #require(try YAMLNode.parse(String(repeating: "[", count: 64) + String(repeating: "]", count: 64)))
    #expect(node.kindName == "a list")
}
