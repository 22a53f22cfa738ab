import Foundation

/// Columns padded to line up; the last column is not padded.
struct TextTable {
    let header: [String]
    let rows: [[String]]

    private var widths: [Int] {
        header.indices.map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
    }

    private func format(_ cells: [String]) -> String {
        let widths = widths
        return cells.enumerated().map { column, cell in
            column == cells.count - 1 ? cell : cell + String(repeating: " ", count: widths[column] - cell.count)
        }.joined(separator: "  ")
    }

    var headerLine: String { format(header) }
    var rowLines: [String] { rows.map(format) }
}
