import { TextInput, type TextInputProps } from "@mantine/core";

interface SearchInputProps extends Omit<
  TextInputProps,
  "value" | "onChange" | "type"
> {
  /** A list's debounced search (`useDebouncedSearch`): the box shows its text at once, the list follows its term. */
  search: { text: string; onTextChange: (value: string) => void };
}

/** The search box of a paged list; "Search" unless the list names it otherwise. */
export function SearchInput({
  search,
  label = "Search",
  ...props
}: SearchInputProps) {
  return (
    <TextInput
      label={label}
      type="search"
      value={search.text}
      onChange={(event) => search.onTextChange(event.currentTarget.value)}
      {...props}
    />
  );
}
