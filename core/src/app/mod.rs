//! Event -> model change + effects. Pure: effects are values the runtime performs.
