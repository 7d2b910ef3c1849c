a, b = gets.split.map(&:to_i)
puts "hello #{a + b}"
