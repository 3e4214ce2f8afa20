// A DSFR table of rows, drawn in the scrollable region of ScrollableTable: react-dsfr's Table has no
// focusable container, so at 320 px a keyboard user could not reach its hidden columns (axe
// `scrollable-region-focusable`). Same props as react-dsfr's Table for what the portal uses.
import type { ReactNode } from 'react';
import { ScrollableTable } from './scrollable-table.tsx';

export interface DataTableProps {
  caption: string;
  headers: readonly ReactNode[];
  data: readonly (readonly ReactNode[])[];
  /** The first cell of each row heads it (`<th scope="row">`): a label and its values. */
  rowHeaders?: boolean;
  bordered?: boolean;
  /** The caption is read by assistive technologies only: a heading right above already says it. */
  noCaption?: boolean;
  /** The cells wrap their text: for free text (ScrollableTable). */
  multiline?: boolean;
  className?: string;
}

export function DataTable({ caption, headers, data, rowHeaders = false, bordered = false, noCaption = false, multiline = false, className }: DataTableProps) {
  const table = (
    <ScrollableTable label={caption} bordered={bordered} noCaption={noCaption} multiline={multiline}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {data.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {row.map((cell, cellIndex) =>
                rowHeaders && cellIndex === 0 ? (
                  <th key={cellIndex} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={cellIndex}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </ScrollableTable>
  );
  return className ? <div className={className}>{table}</div> : table;
}
