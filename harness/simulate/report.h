// What `hoyito simulate` writes besides its JSON: the terminal table, CSV (one row per
// statistic, or one per game with --per-game) and SVG charts drawn by gnuplot.
#pragma once

#include <ostream>
#include <string>

#include <boost/json.hpp>

#include "harness/simulate/simulate.h"

namespace hoyito {

// The table, the CSV and the charts are written from the typed report (summary.h), as the JSON is.
void write_table(std::ostream& out, const SimulationReport& report);

// One row per statistic: value,statistic,count,of,rate,low,high.
void write_statistics_csv(std::ostream& out, const SimulationReport& report);
std::string game_csv_header();
std::string game_csv_row(const GameRow& row, const SimulationSpec& spec);

// Writes DIR/*.dat and DIR/charts.gp and runs gnuplot on them: length.svg, laps.svg (log
// scale), openings.svg and, with a sweep, sweep.svg. Throws InputError when DIR cannot be
// written or gnuplot fails (naming the file or the command).
void write_charts(const std::string& dir, const SimulationReport& report);

}  // namespace hoyito
