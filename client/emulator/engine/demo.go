package engine

import "strings"

// DemoFile is one demo document: a file name and its content.
type DemoFile struct {
	// Name is the file name, with its extension.
	Name string
	// Data is the file's content.
	Data []byte
}

// DemoFiles returns the demo documents of Northwind Trails, a fictional
// outdoor gear company: an employee handbook (.docx), a product catalogue
// (.pdf), quarterly sales (.csv), a department budget (.xlsx), leadership
// meeting notes and a support FAQ (.txt). The binary files are generated on
// each call, identically every time.
func DemoFiles() []DemoFile {
	return []DemoFile{
		{"employee-handbook.docx", MakeDOCX(demoHandbook)},
		{"product-catalogue-2026.pdf", MakePDF(demoCatalogue)},
		{"quarterly-sales-2026.csv", []byte(demoSalesCSV)},
		{"department-budget-2026.xlsx", MakeXLSX(demoBudget)},
		{"leadership-meeting-2026-10-14.txt", []byte(demoMeetingNotes)},
		{"customer-support-faq.txt", []byte(demoSupportFAQ)},
	}
}

// demoHandbook holds the handbook's paragraphs; short lines are headings.
var demoHandbook = strings.Split(strings.TrimSpace(`
Northwind Trails Employee Handbook
Edition 2026. This handbook is owned by the People and Culture team. Send questions to people@northwindtrails.example or ask in the #ask-people channel.
About Northwind Trails
Northwind Trails designs and sells backpacks, outerwear, footwear and lighting for hikers and climbers. The company was founded in 2011 by two mountain guides and today employs 240 people across the design studio, two warehouses and four regional sales teams.
Working hours
Our standard working week is 40 hours. Core hours are 10:00 to 15:00 on weekdays, when everyone should be reachable; outside core hours you may arrange your day with your team. Overtime must be agreed with your manager in advance and is paid or taken as time off in lieu within three months.
Annual leave (vacation) policy
Full-time employees receive 25 days of paid annual leave (vacation days) per calendar year, in addition to public holidays. Part-time employees receive leave pro rata to their contracted hours. In your first year, leave accrues at just over two days per full month worked.
Up to 5 unused leave days may be carried over into the next year and must be taken by 31 March; any other unused days lapse. Request leave in the HR portal at least two weeks ahead for absences of more than three consecutive days, and at least two days ahead for shorter ones.
Sick leave policy
Employees receive up to 10 days of paid sick leave per year. Tell your manager before 10:00 on the first day of absence. A doctor's note is required from the fourth consecutive day of sickness. Longer illnesses are handled case by case with People and Culture.
Parental leave policy
The primary caregiver receives 20 weeks of fully paid parental leave and the secondary caregiver receives 6 weeks, available to birth, adoptive and foster parents alike. Leave can start up to four weeks before the expected arrival and can be taken in up to three blocks within the child's first year.
Remote work policy (working from home)
Employees may work remotely from home up to three days a week with their manager's approval. Tuesday is the anchor day: teams meet in person at the office or warehouse that day. Fully remote arrangements need approval from a vice president and a review every twelve months.
Working from abroad is allowed for up to 20 working days per calendar year. Tell People and Culture at least two weeks before travelling so that tax and insurance can be checked. Remote employees receive a one-time home office allowance of $400 and $30 a month towards internet costs.
Expenses policy
Submit expense claims in the Ledgerline app within 30 days of the purchase, with a receipt for every item above $25. Claims above $500 need your manager's approval and claims above $2,000 also need the finance director's approval. Reimbursements are paid with the next monthly salary.
Meals while travelling on business are reimbursed up to $60 per day. Alcohol is not reimbursed, except at client dinners approved in advance. Mileage for a private car used on business is reimbursed at $0.58 per mile.
Business travel policy
Book flights, trains and hotels through the travel desk (travel@northwindtrails.example). Flights under six hours are booked in economy class; longer flights may be booked in premium economy. Hotels are reimbursed up to $220 per night, or $350 per night in major cities.
Equipment and gear
Every employee receives a laptop, replaced every three years. Employees get a 40% discount on Northwind Trails products, up to $1,500 of retail value per year, and may borrow demo gear from the sample room for trips.
Code of conduct
We treat colleagues, customers and partners with respect. Harassment, discrimination and retaliation are not tolerated. Gifts from suppliers above $75 in value must be declined or reported to the finance team.
Reporting concerns
Concerns can be raised with your manager, with People and Culture, or anonymously through the Speak Up line at speakup.northwindtrails.example. Reports are investigated within ten working days and no one is penalised for raising a concern in good faith.
`), "\n")

// demoCatalogue holds the catalogue's pages, one text line per entry.
var demoCatalogue = [][]string{{
	"Northwind Trails Product Catalogue 2026",
	"Gear for long days outside. Prices in US dollars, valid from 1 February 2026.",
	"",
	"Ridgeline 45L Pack",
	"A 45 litre trekking backpack with an adjustable back system and a rain cover.",
	"Weight 1.6 kg. Recycled ripstop nylon. Hip belt pockets and a hydration sleeve.",
	"Price $189.00. Lifetime warranty against defects in materials and workmanship.",
	"",
	"Ridgeline 30L Daypack",
	"A lighter 30 litre version for day hikes, with a ventilated mesh back panel.",
	"Weight 0.9 kg. Price $129.00. Lifetime warranty.",
}, {
	"Summit Down Jacket",
	"An 800 fill power responsibly sourced down jacket for cold, dry conditions.",
	"Comfortable down to -15 C when layered. Packs into its own pocket.",
	"Weight 420 g. Sizes XS to XXL. Price $249.00. Two year warranty.",
	"",
	"Stormline Shell Jacket",
	"A three layer waterproof and breathable shell with taped seams and pit zips.",
	"Waterproof rating 20,000 mm. Weight 380 g. Price $219.00. Two year warranty.",
	"",
	"TrailRunner GTX Shoes",
	"Waterproof trail running shoes with a Gore-Tex membrane and a 5 mm lug outsole.",
	"Drop 6 mm. Weight 310 g per shoe (size 9). Price $139.50. One year warranty.",
}, {
	"Aurora Headlamp",
	"A rechargeable headlamp with 450 lumens on high and a red night-vision mode.",
	"Battery life: 4 hours on high, 60 hours on low. Charges over USB-C.",
	"Water resistance IPX4. Weight 78 g. Price $39.90. Two year warranty on electronics.",
	"",
	"Care and repairs",
	"Wash down with a technical down wash at 30 C and tumble dry with dryer balls.",
	"Our repair studio fixes zips, buckles and tears at cost; see the support FAQ.",
	"",
	"Wholesale enquiries: trade@northwindtrails.example",
}}

// demoMeetingNotes are the notes of a leadership meeting.
const demoMeetingNotes = `Northwind Trails leadership meeting, 14 October 2026
Attendees: Elin Sørensen (CEO), Hannah Berg (Operations), Luis Ferreira (Marketing), Maya Okafor (Product Design), Priya Raman (People and Culture). Notes by Tomas Novak.

1. Q3 sales review
Q3 revenue was the strongest quarter so far, driven by the Summit Down Jacket in the East and West regions, where an early cold spell doubled demand. The Aurora Headlamp sold below plan in the North. Luis will look at bundling the headlamp with the Ridgeline packs.

2. Summit Down Jacket stock
The jacket is close to selling out before the winter season. Hannah has agreed a second production run of 1,200 jackets with the supplier, arriving in the second week of November. Until then the web shop will show a restock date instead of taking back orders.

3. Denver store
The board approved the lease for a first own store in Denver. Opening is planned for April 2027. Hannah leads the project; the fit-out budget is $350,000 and is included in the Q4 operations budget.

4. Travel freeze
Non-essential business travel is paused from 1 November to 31 December 2026 to protect the Q4 margin. Trade fairs already booked go ahead. Exceptions need approval from the CEO.

5. Hiring
Priya reported 12 open positions, mostly in the warehouses ahead of the peak season. The referral bonus is raised to $1,500 for warehouse roles until the end of the year.

Decisions
- Second production run of the Summit Down Jacket approved.
- Denver store opening in April 2027 confirmed.
- Non-essential travel paused for November and December.

Action items
- Luis: proposal for a headlamp and pack bundle by 28 October.
- Hannah: weekly update on jacket stock until the restock arrives.
- Maya: first samples of the 2027 Stormline Shell colours by 15 November.
- Priya: publish the updated referral bonus on the intranet this week.

Next meeting: 11 November 2026.
`

// demoSupportFAQ is the customer support FAQ.
const demoSupportFAQ = `Northwind Trails customer support FAQ

How long does delivery take?
Standard delivery takes 3 to 5 working days within the continental United States and is free on orders over $75. Express delivery arrives in 1 to 2 working days for $14.95. International orders take 7 to 14 working days.

How do I track my order?
You receive a tracking link by e-mail as soon as your order leaves the warehouse. You can also see the status of every order under My Account, Orders.

What is your return policy?
Unused items can be returned within 60 days of delivery for a full refund. Footwear must be returned in its original box. Returns are free with the prepaid label included in the parcel; refunds reach your card within 5 working days of our receiving the return.

What does the warranty cover?
Packs carry a lifetime warranty against defects in materials and workmanship. Jackets and shells have a two year warranty, footwear a one year warranty and electronics such as the Aurora Headlamp a two year warranty. Normal wear and tear, accidents and misuse are not covered, but our repair studio can usually help.

Can you repair my gear?
Yes. The repair studio fixes zips, buckles, seams and small tears at cost, and for free within the warranty. Send the item with the repair form from our website; most repairs take 2 to 3 weeks.

Do you price match?
We match the price of an identical item sold by an authorised Northwind Trails retailer within 14 days of your purchase. Clearance and auction prices are excluded.

How do I contact support?
Chat with us on the website from 8:00 to 20:00 Mountain Time on weekdays, call 1-800-555-0199, or write to support@northwindtrails.example. We answer e-mails within one working day.
`
