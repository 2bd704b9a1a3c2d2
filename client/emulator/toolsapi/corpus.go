package toolsapi

// page is one page of the offline web corpus.
type page struct {
	Title, URL, Domain, Text string
}

// corpus is the small fixed web the emulator searches; it never reaches the network.
var corpus = []page{
	{"Lighthouse keeping: a short history", "https://history.example.org/lighthouses", "history.example.org",
		"Lighthouse keepers tended the lamp through the night, wound the clockwork and kept a log of ships and weather. Most lighthouses were automated by the end of the twentieth century."},
	{"How a Fresnel lens works", "https://optics.example.com/fresnel-lens", "optics.example.com",
		"A Fresnel lens bends light with concentric rings of glass prisms, so a lighthouse lamp can be seen more than twenty nautical miles away with far less glass than a solid lens."},
	{"Sourdough bread for beginners", "https://kitchen.example.net/sourdough", "kitchen.example.net",
		"Sourdough bread rises with a starter of flour and water that holds wild yeast and lactic acid bacteria. Feed the starter daily and bake when it doubles in four to six hours."},
	{"Caring for a sourdough starter", "https://kitchen.example.net/starter-care", "kitchen.example.net",
		"Keep the starter at room temperature, discard half and feed it equal weights of flour and water. A starter kept in the fridge needs feeding once a week."},
	{"Go 1.26 release notes", "https://go.example.dev/doc/go1.26", "go.example.dev",
		"Go 1.26 brings improvements to the compiler, the runtime and the standard library. The garbage collector is faster and uses less memory on many cores."},
	{"Writing fuzz tests in Go", "https://go.example.dev/doc/fuzz", "go.example.dev",
		"A fuzz test gives random inputs to a function to find crashes. Write a FuzzXxx function, add seed inputs with f.Add, and run go test -fuzz."},
	{"Quarterly budget planning", "https://finance.example.com/budget-planning", "finance.example.com",
		"A quarterly budget lists expected income and costs per month. Compare the plan with actual spending each month and adjust the next quarter."},
	{"Tide tables explained", "https://sea.example.org/tides", "sea.example.org",
		"Tide tables give the times and heights of high and low water. The moon's pull causes two high tides a day on most coasts."},
}
