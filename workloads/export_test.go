package workloads

// ListTime is list-slope's time criterion, for the reference page's tests
// (package workloads_test, beside package workpage).
var ListTime = listTime
